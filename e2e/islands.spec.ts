import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createUser } from './support/accounts.js';
import { expectAccessible } from './support/axe.js';
import { expectPath } from './support/expect-page.js';
import { useBrowserSuite } from './support/suite.js';

// Public pages are the server's HTML, with only their interactive parts hydrating, each alone (decision 042).
const suite = useBrowserSuite({ serverEnv: { DEMO_CONTENT: '1' } });

const articlePath = '/blog/um-fim-de-semana-em-lisboa-sem-pressa';

async function firstSlug(path: string, list: string): Promise<string> {
  const body = (await (await fetch(suite.server.url + path)).json()) as Record<string, { slug: string }[] | undefined>;
  const slug = body[list]?.[0]?.slug;
  if (!slug) throw new Error(`${path} lists nothing`);
  return slug;
}

/** The five measured kinds of public page (bench/web.ts): home, article, blog list, lyric and shop. */
const pageTypes: Record<string, () => Promise<string>> = {
  home: async () => '/',
  article: async () => articlePath,
  'blog list': async () => '/blog',
  lyric: async () => `/lyrics/${await firstSlug('/api/lyrics', 'lyrics')}`,
  shop: async () => `/shop/${await firstSlug('/api/stores?page=1&limit=1', 'items')}`,
};

/** The scripts the page requests from now on, by file name. */
function recordScripts(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname.replace(/^\/assets\//, ''));
  });
  return scripts;
}

/** Console errors and warnings (a hydration mismatch is one). */
function collectWarnings(page: Page): string[] {
  const seen: string[] = [];
  page.on('console', (message) => {
    if (
      message.type() === 'warning' ||
      (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
    )
      seen.push(message.text());
  });
  page.on('pageerror', (error) => seen.push(error.message));
  return seen;
}

/** From before the page's scripts: elements removed from the main area (markup thrown away) and the layout shifts. */
async function watchMarkup(page: Page): Promise<() => Promise<{ removed: number; shift: number }>> {
  await page.addInitScript(() => {
    const w = window as unknown as { removedFromMain: number; layoutShift: number };
    w.removedFromMain = 0;
    w.layoutShift = 0;
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.removedNodes)
          if (node instanceof Element && node.querySelector('h1, main')) w.removedFromMain += 1;
      }
    }).observe(document, { childList: true, subtree: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) w.layoutShift += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return () =>
    page.evaluate(() => {
      const w = window as unknown as { removedFromMain: number; layoutShift: number };
      return { removed: w.removedFromMain, shift: w.layoutShift };
    });
}

const appScripts = /^(index|vendor|shell)-/;

describe('public pages of islands', () => {
  it.each(Object.keys(pageTypes))(
    'the %s loads the public entry alone, keeps its markup, and its header wakes without a mismatch',
    async (kind) => {
      const make = pageTypes[kind];
      if (!make) throw new Error(`no page type ${kind}`);
      const path = await make();
      const { page, finish } = await suite.open('mobile', { cookieChoice: true });
      const warnings = collectWarnings(page);
      const scripts = recordScripts(page);
      const markup = await watchMarkup(page);
      await page.goto(path, { waitUntil: 'networkidle' });
      await page.locator('html[data-islands][data-app-ready]').waitFor({ state: 'attached' });
      expect(
        scripts.filter((file) => appScripts.test(file)),
        path,
      ).toEqual([]);
      expect(
        scripts.some((file) => file.startsWith('public-entry-')),
        path,
      ).toBe(true);

      await page.getByTestId('mobile-menu-button').click();
      await page.getByTestId('mobile-menu').waitFor();
      await page.keyboard.press('Escape');
      await page.getByTestId('mobile-menu').waitFor({ state: 'detached' });
      await expectAccessible(page);
      expect(await markup(), path).toEqual({ removed: 0, shift: 0 });
      expect(warnings, path).toEqual([]);
      await finish();
    },
  );

  it('the cookie banner, the share menu and a product of a shop answer their first tap', async () => {
    const { page, context, finish } = await suite.open('mobile');
    const warnings = collectWarnings(page);
    await page.goto(articlePath, { waitUntil: 'networkidle' });
    await page.getByTestId('cookie-accept').click();
    await page.getByTestId('cookie-banner').waitFor({ state: 'detached' });
    expect((await context.cookies()).some((cookie) => cookie.name === 'accepted')).toBe(true);

    const share = page.locator('[data-island="share-menu"]');
    await share.getByRole('button').first().click();
    await share.getByRole('list').waitFor();
    expect(await share.getByRole('listitem').count()).toBeGreaterThan(2);

    await page.goto(`/shop/${await firstSlug('/api/stores?page=1&limit=1', 'items')}`, { waitUntil: 'networkidle' });
    await page.getByTestId('slot-grid').getByRole('button').first().click();
    await page.getByRole('dialog').waitFor();
    expect(warnings).toEqual([]);
    await finish();
  });

  it('the blog list filters by category, and search, with the page swapped in place', async () => {
    const { page, finish } = await suite.open('mobile', { cookieChoice: true });
    const warnings = collectWarnings(page);
    const scripts = recordScripts(page);
    await page.goto('/blog', { waitUntil: 'networkidle' });
    const chip = page.getByRole('group').getByRole('button').first();
    await chip.click();
    await page.waitForURL(/\/blog\?category=\d+$/);
    await page.getByRole('group').getByRole('button', { pressed: true }).waitFor();
    expect(scripts.filter((file) => appScripts.test(file) && file.startsWith('index-'))).toEqual([]);
    expect(warnings).toEqual([]);
    await finish();
  });

  it('article → blog list → back loads no code of the app, and keeps the header alive', async () => {
    const { page, finish } = await suite.open('mobile', { cookieChoice: true });
    const warnings = collectWarnings(page);
    await page.goto(articlePath, { waitUntil: 'networkidle' });
    // NOTE: the header is live before the navigation: it must stay so (not hydrated again) after it.
    await page.getByTestId('mobile-menu-button').click();
    await page.getByTestId('mobile-menu').waitFor();
    await page.keyboard.press('Escape');
    const scripts = recordScripts(page);
    const title = await page.locator('h1').innerText();
    await page.locator('main a[href="/blog"]').first().click();
    await expectPath(page, '/blog');
    await page.getByTestId('article-list').waitFor();
    expect(await page.title()).toMatch(/^Blog/);
    expect(await page.locator('head link[rel="canonical"]').getAttribute('href')).toMatch(/\/blog$/);
    await page.goBack();
    await expectPath(page, articlePath);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    expect(await page.locator('head link[rel="canonical"]').getAttribute('href')).toMatch(
      new RegExp(`${articlePath}$`),
    );
    expect(scripts.filter((file) => appScripts.test(file))).toEqual([]);
    expect(await page.locator('[data-island="site-header"][data-island-live]').count()).toBe(1);
    await page.getByTestId('mobile-menu-button').click();
    await page.getByTestId('mobile-menu').waitFor();
    expect(warnings).toEqual([]);
    await finish();
  });

  it('the lyric moves to the next one with the arrow keys before anything else woke it', async () => {
    const slug = await firstSlug('/api/lyrics', 'lyrics');
    const lyric = (await (await fetch(`${suite.server.url}/api/lyrics/${slug}`)).json()) as { next: string };
    const { page, finish } = await suite.open('desktop', { cookieChoice: true });
    await page.goto(`/lyrics/${slug}`, { waitUntil: 'networkidle' });
    await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
    await page.keyboard.press('ArrowRight');
    await expectPath(page, `/lyrics/${lyric.next}`);
    await finish();
  });

  it("signing in from a public page reaches the members' area", async () => {
    const account = { username: 'ilhas_leitora', email: 'ilhas@example.test', password: 'Ilhas-Senha-42' };
    await createUser(suite.server, account);
    const { page, finish } = await suite.open('mobile', { cookieChoice: true });
    await page.goto(articlePath, { waitUntil: 'networkidle' });
    await page.getByRole('link', { name: 'Entrar' }).click();
    await expectPath(page, '/login');
    const form = page.getByTestId('login-form');
    await form.locator('input[name="username"]').fill(account.username);
    await form.locator('input[type="password"]').fill(account.password);
    await form.locator('button[type="submit"]').click();
    await expectPath(page, '/profile');

    // NOTE: back on a public page, the header shows the member at once (woken for a session in storage).
    await page.goto(articlePath, { waitUntil: 'networkidle' });
    await page.getByRole('link', { name: 'Entrar' }).waitFor({ state: 'detached' });
    await finish();
  });
});
