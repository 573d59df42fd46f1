import type { Article } from '@papo/contract/articles';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createUser, logIn } from './support/accounts.js';
import { expectHtmlLang } from './support/expect-page.js';
import { recordApiCalls } from './support/page-watch.js';
import { useBrowserSuite } from './support/suite.js';

// Public pages' first view comes from the server and hydrates (decision 019); the demo content is the page.
const suite = useBrowserSuite({ serverEnv: { DEMO_CONTENT: '1' } });

const articleSlug = 'um-fim-de-semana-em-lisboa-sem-pressa';
const articlePath = `/blog/${articleSlug}`;

/** The page's HTML as a browser without JavaScript (or a crawler) receives it. */
async function fetchPage(
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; html: string }> {
  const response = await fetch(suite.server.url + path, { headers: { accept: 'text/html', ...headers } });
  return { status: response.status, html: await response.text() };
}

/** Counts the page's requests to `pathname` from now on. */
function countRequests(page: Page, pathname: string): () => number {
  let count = 0;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === pathname) count += 1;
  });
  return () => count;
}

/**
 * Records, from before the page's scripts run, every element removed from the main area: a failed
 * hydration throws the server's markup away and draws it again, which shows as a flash.
 */
async function watchRemovals(page: Page): Promise<() => Promise<number>> {
  await page.addInitScript(() => {
    const w = window as unknown as { removedFromMain: number };
    w.removedFromMain = 0;
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.removedNodes)
          if (node instanceof Element && node.querySelector('h1, main')) w.removedFromMain += 1;
      }
    }).observe(document, { childList: true, subtree: true });
  });
  return () => page.evaluate(() => (window as unknown as { removedFromMain: number }).removedFromMain);
}

/** Console errors and warnings, hydration's included (the page watch keeps errors only). */
function collectWarnings(page: Page): string[] {
  const seen: string[] = [];
  page.on('console', (message) => {
    if (
      message.type() === 'warning' ||
      (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
    )
      seen.push(message.text());
  });
  return seen;
}

function firstParagraph(html: string): string {
  const match = /<p>[\s\S]*?<\/p>/.exec(html);
  if (!match) throw new Error('the article has no paragraph');
  return match[0];
}

describe('server-rendered public pages', () => {
  it('an article arrives with its title and first paragraph, hydrates without a warning and is not fetched again', async () => {
    const article = (await (await fetch(`${suite.server.url}/api/article/${articleSlug}`)).json()) as Article;
    const { status, html } = await fetchPage(articlePath);
    expect(status).toBe(200);
    expect(html).toContain(
      `<h1 lang="pt-BR" class="text-3xl leading-tight font-bold tracking-tight text-slate-900 sm:text-4xl">${article.title}</h1>`,
    );
    expect(html).toContain(firstParagraph(article.content));
    expect(html).toMatch(
      /<img [^>]*width="1200" height="630"[^>]*fetchPriority="high"|<img [^>]*fetchPriority="high"[^>]*width="1200"/i,
    );

    const { page, finish } = await suite.open('mobile', { cookieChoice: true });
    const warnings = collectWarnings(page);
    const articleCalls = countRequests(page, `/api/article/${articleSlug}`);
    const removals = await watchRemovals(page);
    await page.goto(articlePath, { waitUntil: 'networkidle' });
    // the menu button works only once React has hydrated the header.
    await page.getByTestId('mobile-menu-button').click();
    await page.getByTestId('mobile-menu').waitFor();
    expect(await page.locator('h1').first().innerText()).toBe(article.title);
    expect(articleCalls()).toBe(0);
    expect(await removals()).toBe(0);
    expect(warnings).toEqual([]);
    await finish();
  });

  it("renders in the visitor's stored language, else Portuguese (never Accept-Language)", async () => {
    const lang = (html: string) => /<html lang="([a-z]+)"/.exec(html)?.[1];
    expect(lang((await fetchPage(articlePath)).html)).toBe('pt');
    expect(lang((await fetchPage(articlePath, { 'accept-language': 'de-DE, fr;q=0.8, en;q=0.5' })).html)).toBe('pt');
    expect(lang((await fetchPage(articlePath, { 'accept-language': 'fr', cookie: 'user-language=es' })).html)).toBe(
      'es',
    );
    const english = await fetchPage('/blog', { 'accept-language': 'en-US,en;q=0.9', cookie: 'user-language=en' });
    expect(lang(english.html)).toBe('en');
    expect(english.html).toContain('"language":"en"');

    const { page, context, finish } = await suite.open('desktop', { cookieChoice: true });
    await context.addCookies([{ name: 'user-language', value: 'en', url: suite.server.url }]);
    const warnings = collectWarnings(page);
    await page.goto('/', { waitUntil: 'networkidle' });
    await expectHtmlLang(page, 'en');
    await page.getByRole('link', { name: 'Log in' }).first().waitFor();
    expect(warnings).toEqual([]);
    await finish();
  });

  it("a returning visitor's cookie choice holds in the first view, and a newcomer gets the banner", async () => {
    expect((await fetchPage('/')).html).toContain('data-testid="cookie-banner"');
    expect((await fetchPage('/', { cookie: 'accepted=true' })).html).not.toContain('data-testid="cookie-banner"');
  });

  it('an unknown article and an unknown path are the rendered 404 page with status 404', async () => {
    for (const path of ['/blog/no-such-article', '/no/such/page']) {
      const { status, html } = await fetchPage(path);
      expect(status, path).toBe(404);
      expect(html, path).toContain('data-testid="not-found"');
      expect(html.match(/<meta name="robots" content="noindex"\s?\/>/g), path).toHaveLength(1);
    }
  });

  it('every unknown address gets the one 404 page rendered for another, and hydrates it at its own address', async () => {
    const elsewhere = await fetchPage('/um/endereco/qualquer', { cookie: 'accepted=true' });
    expect(elsewhere.status).toBe(404);
    const { page, watch, close } = await suite.open('mobile', { cookieChoice: true });
    const warnings = collectWarnings(page);
    const removals = await watchRemovals(page);
    const answer = await page.goto('/outro/endereco/perdido', { waitUntil: 'networkidle' });
    expect(answer?.status()).toBe(404);
    expect(await answer?.text()).toBe(elsewhere.html);
    // the menu button works only once React has hydrated the header.
    await page.getByTestId('mobile-menu-button').click();
    await page.getByTestId('mobile-menu').waitFor();
    expect(await page.getByTestId('not-found').innerText()).toBe('Página não encontrada');
    expect(await page.locator('head meta[name="robots"]').count()).toBe(1);
    expect(await page.locator('head link[rel="canonical"]').count()).toBe(0);
    expect(await removals()).toBe(0);
    expect(warnings).toEqual([]);
    expect(watch.problems).toEqual(['GET /outro/endereco/perdido answered 404']);
    await close();
  });

  it('an unknown slug of a route (an article, a channel) gets that same 404 page, hydrated without an API call, and links lead on', async () => {
    // kept pages are rendered again each half minute (ssr/page-cache.ts), and a render may differ from the last in
    // what changed meanwhile: the page must be the one every unknown address got just before it, or just after.
    const sharedNow = async () => (await fetchPage('/um/endereco/qualquer', { cookie: 'accepted=true' })).html;
    for (const [path, leave] of [
      ['/blog/no-such-article', 'logo'],
      ['/nada-disso', 'menu'],
    ] as const) {
      const { page, watch, close } = await suite.open('mobile', { cookieChoice: true });
      const warnings = collectWarnings(page);
      const removals = await watchRemovals(page);
      const calls = recordApiCalls(page);
      const before = await sharedNow();
      const answer = await page.goto(path, { waitUntil: 'networkidle' });
      expect(answer?.status(), path).toBe(404);
      const html = await answer?.text();
      if (html !== before) expect(html, path).toBe(await sharedNow());
      // the menu button works only once React has hydrated the header.
      await page.getByTestId('mobile-menu-button').click();
      const menu = page.getByTestId('mobile-menu');
      await menu.waitFor();
      expect(await page.getByTestId('not-found').innerText(), path).toBe('Página não encontrada');
      expect(await removals(), path).toBe(0);
      expect(warnings, path).toEqual([]);
      // The article's or channel's own screen would have asked for it: the page hydrated as the 404 it is.
      expect(calls, path).toEqual([]);
      expect(watch.problems, path).toEqual([`GET ${path} answered 404`]);

      if (leave === 'logo') {
        await page.keyboard.press('Escape');
        await menu.waitFor({ state: 'detached' });
        await page.locator('header a[href="/"]').first().click();
        await page.waitForURL(`${suite.server.url}/`);
      } else {
        await menu.locator('a[href="/blog"]').first().click();
        await page.waitForURL(`${suite.server.url}/blog`);
        await page.locator('main a[href^="/blog/"]').first().waitFor();
      }
      // the address changes as the navigation starts; the 404 leaves once the next screen is in.
      await page.getByTestId('not-found').waitFor({ state: 'detached' });
      expect(await page.locator('main h1').count(), path).toBe(1);
      await close();
    }
  });

  it("before its scripts arrive, a rendered page's links are plain links: a click lands on the page the server renders", async () => {
    const { page, context, close } = await suite.open('mobile', { cookieChoice: true });
    // no script reaches the page, as on a slow phone before the first chunk is in (decision 019).
    await context.route(/\.js(\?|$)/, (route) => route.abort());
    await page.goto(articlePath, { waitUntil: 'domcontentloaded' });
    const backToBlog = page.locator('main a[href="/blog"]').first();
    await backToBlog.click();
    await page.waitForURL(`${suite.server.url}/blog`);
    await page.locator('main h1').first().waitFor();
    expect(await page.evaluate(() => document.getElementById('papo-handover') !== null)).toBe(true);
    expect(await page.locator('main a[href^="/blog/"]').count()).toBeGreaterThan(0);
    // closed without the page watch's check: every script failed on purpose.
    await close();
  });

  it('a public form loads no zod with its page; a submit straight away still checks the fields, and the terms open', async () => {
    const { page, finish } = await suite.open('mobile', { cookieChoice: true });
    const scripts: string[] = [];
    page.on(
      'request',
      (request) => request.resourceType() === 'script' && scripts.push(new URL(request.url()).pathname),
    );
    const loaded = (pattern: RegExp) => scripts.filter((path) => pattern.test(path)).length;
    await page.goto('/login', { waitUntil: 'networkidle' });
    expect(loaded(/\/schemas-/)).toBe(0);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.getByText('Digite um nome de usuário.').waitFor();
    expect(await page.getByLabel('Nome de usuário ou e-mail').getAttribute('aria-invalid')).toBe('true');
    expect(loaded(/\/schemas-/)).toBe(1);

    await page.goto('/register', { waitUntil: 'networkidle' });
    expect(loaded(/\/(dialog|terms-modal)-/)).toBe(0);
    await page.getByRole('button', { name: 'Ler os termos de uso' }).click();
    await page.getByRole('dialog', { name: 'Termos de uso' }).waitFor();
    expect(loaded(/\/terms-modal-/)).toBe(1);
    await finish();
  });

  it("a member's own header appears once the page has hydrated", async () => {
    const account = { username: 'leitora', email: 'leitora@example.com', password: 'senha-longa-1' };
    await createUser(suite.server, account);
    const { page, finish } = await suite.open('desktop', { cookieChoice: true });
    await logIn(page, account);
    const warnings = collectWarnings(page);
    await page.goto(articlePath, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Menu da conta' }).waitFor();
    expect(warnings).toEqual([]);
    await finish();
  });
});
