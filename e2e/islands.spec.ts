import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { accountsPerTry } from './support/accounts.js';
import { expectAccessible } from './support/axe.js';
import { expectPath } from './support/expect-page.js';
import { screenshot } from './support/screenshot.js';
import { swipe } from './support/swipe.js';
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

/** The first address the sitemap lists that matches `pattern` (a detail page of one kind). */
async function listed(pattern: RegExp): Promise<string> {
  const sitemap = await (await fetch(`${suite.server.url}/sitemap.xml`)).text();
  const path = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)]
    .map((match) => new URL(match[1] ?? '/').pathname)
    .find((candidate) => pattern.test(candidate));
  if (!path) throw new Error(`the sitemap lists no ${String(pattern)}`);
  return path;
}

/** Every kind of public page; the first five are the ones bench/web.ts measures. */
const pageTypes: Record<string, () => Promise<string>> = {
  home: async () => '/',
  article: async () => articlePath,
  'blog list': async () => '/blog',
  lyric: async () => `/lyrics/${await firstSlug('/api/lyrics', 'lyrics')}`,
  shop: async () => `/shop/${await firstSlug('/api/stores?page=1&limit=1', 'items')}`,
  'blog search': async () => '/blog?q=lisboa',
  'lyrics list': async () => '/lyrics',
  'shop list': async () => '/shop',
  'course list': async () => '/courses',
  course: () => listed(/^\/courses\/[^/]+$/),
  videos: async () => '/videos',
  photos: async () => '/photos',
  bio: async () => '/bio',
  person: () => listed(/^\/person\/\d+$/),
  music: async () => '/music',
  cryptos: async () => '/cryptos',
  channels: async () => '/channels',
  terms: async () => '/termos-de-uso',
  privacy: async () => '/politica-de-privacidade',
  about: async () => '/sobre-nos',
  author: async () => '/autor/redacao',
  // a video of the curated local set, which answers without a YouTube key.
  video: async () => '/video/Y-rmzh0PI3c',
  'extra income': async () => '/extraIncome',
  // an unknown address that could be a channel: a visitor gets the 404 page of islands.
  '404 page': async () => '/canal-das-ilhas',
};

/** The page's problems but the 404 answer of `path` itself, which a 404 page is. */
function problemsBut404(problems: string[], path: string): string[] {
  return problems.filter((problem) => problem !== `GET ${path} answered 404`);
}

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

/**
 * From before the page's scripts: elements removed from the main area (markup thrown away) and the layout shifts, with
 * what moved (named in a failure's message).
 */
async function watchMarkup(page: Page): Promise<() => Promise<{ removed: number; shift: number; moved: string }>> {
  await page.addInitScript(() => {
    const w = window as unknown as { removedFromMain: number; layoutShift: number; moved: string[] };
    w.removedFromMain = 0;
    w.layoutShift = 0;
    w.moved = [];
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.removedNodes)
          if (node instanceof Element && node.querySelector('h1, main')) w.removedFromMain += 1;
      }
    }).observe(document, { childList: true, subtree: true });
    type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources: { node: Node | null }[] };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Shift[]) {
        if (entry.hadRecentInput) continue;
        w.layoutShift += entry.value;
        for (const { node } of entry.sources) {
          const element = node instanceof Element ? node : node?.parentElement;
          w.moved.push(element ? `${element.tagName.toLowerCase()}.${element.className}`.slice(0, 80) : '?');
        }
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return () =>
    page.evaluate(() => {
      const w = window as unknown as { removedFromMain: number; layoutShift: number; moved: string[] };
      return { removed: w.removedFromMain, shift: w.layoutShift, moved: w.moved.join(' | ') };
    });
}

/**
 * Nothing of the server's markup thrown away, and nothing seen to move: a shift below 0.01 (a fifth of the 0.05 CLS
 * budget) is a sub-pixel rounding a loaded machine's late font or style can cause, named in the message all the same.
 */
async function expectMarkupKept(markup: Awaited<ReturnType<typeof watchMarkup>>, path: string): Promise<void> {
  const { removed, shift, moved } = await markup();
  expect(removed, `${path} removed markup`).toBe(0);
  expect(shift, `${path} (moved: ${moved})`).toBeLessThan(0.01);
}

const appScripts = /^(index|vendor|shell)-/;
/** The app's own entry: never on a page of islands, even once its islands have loaded React and what they share. */
const appEntry = /^index-/;

// a second try makes its own reader (the first try's exists already).
const readers = accountsPerTry(
  () => suite.server,
  (suffix) => ({
    reader: { username: `ilhas_leitora${suffix}`, email: `ilhas${suffix}@example.test`, password: 'Ilhas-Senha-42' },
  }),
);

/** Opens `path` and waits for its islands to respond, recording the scripts and console warnings from the start. */
async function openIslands(viewport: 'mobile' | 'desktop', path: string, opts: { touch?: boolean } = {}) {
  const session = await suite.open(viewport, { cookieChoice: true, ...opts });
  const warnings = collectWarnings(session.page);
  const scripts = recordScripts(session.page);
  await session.page.goto(path, { waitUntil: 'networkidle' });
  await session.page.locator('html[data-islands][data-app-ready]').waitFor({ state: 'attached' });
  return { ...session, warnings, appCode: () => scripts.filter((file) => appEntry.test(file)) };
}

describe('public pages of islands', () => {
  it.each(Object.keys(pageTypes))(
    'the %s loads the public entry alone, keeps its markup, and its header wakes without a mismatch',
    async (kind) => {
      const make = pageTypes[kind];
      if (!make) throw new Error(`no page type ${kind}`);
      const path = await make();
      const { page, watch, close } = await suite.open('mobile', { cookieChoice: true });
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

      if (await page.getByTestId('mobile-menu-button').count()) {
        await page.getByTestId('mobile-menu-button').click();
        await page.getByTestId('mobile-menu').waitFor();
        await page.keyboard.press('Escape');
        await page.getByTestId('mobile-menu').waitFor({ state: 'detached' });
      } else {
        // the static pages' header has no menu: its first use wakes it all the same.
        await page.locator('header').hover();
        await page.locator('[data-island="plain-header"][data-island-live]').waitFor({ state: 'attached' });
      }
      await expectAccessible(page);
      await expectMarkupKept(markup, path);
      expect(warnings, path).toEqual([]);
      await screenshot(page, `islands-${kind.replace(/ /g, '-')}-360`);
      expect(problemsBut404(watch.problems, path), path).toEqual([]);
      await close();
    },
  );

  it.each(Object.keys(pageTypes))(
    'the %s on a desktop wakes its sidebar and panel without a mismatch or a shift',
    async (kind) => {
      const make = pageTypes[kind];
      if (!make) throw new Error(`no page type ${kind}`);
      const path = await make();
      const { page, watch, close } = await suite.open('desktop', { cookieChoice: true });
      const warnings = collectWarnings(page);
      const scripts = recordScripts(page);
      const markup = await watchMarkup(page);
      await page.goto(path, { waitUntil: 'networkidle' });
      await page.locator('html[data-islands][data-app-ready]').waitFor({ state: 'attached' });
      if (await page.locator('[data-island="desktop-sidebar"]').count())
        await page.locator('[data-island="desktop-sidebar"][data-island-live]').waitFor({ state: 'attached' });
      await page.waitForLoadState('networkidle');
      // the sidebar and panel wake at once on a wide screen, with React and the code they share with the app.
      expect(
        scripts.filter((file) => appEntry.test(file)),
        path,
      ).toEqual([]);
      await expectAccessible(page);
      await expectMarkupKept(markup, path);
      expect(warnings, path).toEqual([]);
      await screenshot(page, `islands-${kind.replace(/ /g, '-')}-1280`);
      expect(problemsBut404(watch.problems, path), path).toEqual([]);
      await close();
    },
  );

  it('a playlist moves with its arrow and a swipe, and a thumbnail opens its player, without the app', async () => {
    const { page, warnings, appCode, finish } = await openIslands('mobile', '/videos', { touch: true });
    const carousel = page.locator('[data-testid^="carousel-"]').first();
    const current = () => carousel.locator('button[aria-current="true"]').getAttribute('aria-label');
    expect(await current()).toMatch(/^Página 1 de/);
    await carousel.getByRole('button', { name: 'Próximos vídeos' }).click();
    await expect.poll(current, { timeout: 15_000 }).toMatch(/^Página 2 de/);
    const testId = await carousel.getAttribute('data-testid');
    // on the carousel's window, not its strip of slides, which runs on past the screen's edge.
    await swipe(page, `[data-testid="${testId}"] > .overflow-hidden`, -300);
    await expect.poll(current, { timeout: 15_000 }).toMatch(/^Página 3 de/);
    await carousel
      .getByRole('button', { name: /^Assistir / })
      .nth(2)
      .click();
    await page.getByTestId('video-modal').waitFor();
    await expectAccessible(page);
    expect(appCode()).toEqual([]);
    expect(warnings).toEqual([]);
    await screenshot(page, 'islands-videos-modal-360', { fullPage: false });
    await finish();
  });

  it('a photo opens in the lightbox on the first tap, and a swipe shows the next', async () => {
    const { page, warnings, appCode, finish } = await openIslands('mobile', '/photos', { touch: true });
    const captions = await page.getByTestId('photo-grid').locator('figcaption').allInnerTexts();
    await page.getByTestId('photo-grid').locator('button').nth(1).click();
    const lightbox = page.getByTestId('lightbox');
    await lightbox.waitFor();
    expect(await lightbox.locator('h2').innerText()).toContain(captions[1]);
    const settled = () => lightbox.locator('img').evaluate((img: HTMLImageElement) => img.decode());
    await settled();
    await swipe(page, '[data-testid="lightbox-photo"]', -220);
    await expect.poll(() => lightbox.locator('h2').innerText(), { timeout: 15_000 }).toContain(captions[2]);
    await settled();
    await swipe(page, '[data-testid="lightbox-photo"]', 220);
    await expect.poll(() => lightbox.locator('h2').innerText(), { timeout: 15_000 }).toContain(captions[1]);
    await expectAccessible(page);
    await screenshot(page, 'islands-photos-lightbox-360', { fullPage: false });
    await page.keyboard.press('Escape');
    await lightbox.waitFor({ state: 'detached' });
    expect(appCode()).toEqual([]);
    expect(warnings).toEqual([]);
    await finish();
  });

  it('a song started on the music page keeps playing across public pages, with its bar, and the player shows it back', async () => {
    const { page, warnings, appCode, finish } = await openIslands('desktop', '/music');
    await page.getByTestId('player-toggle').click();
    await expect
      .poll(() => page.getByTestId('player-toggle').getAttribute('aria-label'), { timeout: 15_000 })
      .toBe('Pausar');
    const title = await page.getByTestId('player-title').innerText();
    await page.locator('main').evaluate((main) => main.setAttribute('data-first-main', ''));
    await page.locator('a[href="/videos"]').first().click();
    await expectPath(page, '/videos');
    await page.getByTestId('mini-player').waitFor();
    expect(await page.getByTestId('mini-player-title').innerText()).toBe(title);
    await page.locator('a[href="/photos"]').first().click();
    await expectPath(page, '/photos');
    await page.getByTestId('photo-grid').waitFor();
    // the page was swapped in place, never loaded: the audio element lives on, and it still plays.
    expect(await page.locator('html[data-islands]').count()).toBe(1);
    await expect
      .poll(() => page.getByTestId('mini-player-toggle').getAttribute('aria-label'), { timeout: 15_000 })
      .toBe('Pausar');
    await screenshot(page, 'islands-mini-player-1280', { fullPage: false });
    await page.getByTestId('mini-player-toggle').click();
    await expect
      .poll(() => page.getByTestId('mini-player-toggle').getAttribute('aria-label'), { timeout: 15_000 })
      .toBe('Tocar');
    await page.goBack();
    await expectPath(page, '/videos');
    await page.goBack();
    await expectPath(page, '/music');
    await page.getByTestId('mini-player').waitFor({ state: 'detached' });
    await page.getByTestId('player-title').filter({ hasText: title }).waitFor();
    await page.getByTestId('player-toggle').click();
    await expect
      .poll(() => page.getByTestId('player-toggle').getAttribute('aria-label'), { timeout: 15_000 })
      .toBe('Pausar');
    expect(appCode()).toEqual([]);
    expect(warnings).toEqual([]);
    await finish();
  });

  it('the searches of the lyrics, the channels and the bio answer what was typed before they were live', async () => {
    const lyrics = await openIslands('mobile', '/lyrics');
    await lyrics.page.getByRole('searchbox').fill('amor');
    await lyrics.page.getByRole('searchbox').press('Enter');
    await lyrics.page.waitForURL(/\/lyrics\?q=amor$/);
    await lyrics.page.locator('[data-island="lyrics-results"] h2, [data-testid="search-empty"]').first().waitFor();
    expect(lyrics.appCode()).toEqual([]);
    expect(lyrics.warnings).toEqual([]);
    await lyrics.finish();

    const channels = await openIslands('mobile', '/channels');
    await channels.page.getByTestId('channel-search').fill('sampa');
    await channels.page.getByTestId('directory-results').waitFor();
    await channels.page.getByTestId('channels-regional').waitFor({ state: 'detached' });
    expect(channels.appCode()).toEqual([]);
    expect(channels.warnings).toEqual([]);
    await channels.finish();

    const bio = await openIslands('mobile', '/bio');
    await bio.page.getByRole('searchbox', { name: 'Buscar na biografia' }).fill('mare');
    await bio.page.getByRole('button', { name: 'Buscar', exact: true }).click();
    await bio.page.getByRole('region', { name: 'Resultados da busca na biografia' }).locator('mark').first().waitFor();
    expect(bio.appCode()).toEqual([]);
    expect(bio.warnings).toEqual([]);
    await bio.finish();
  });

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

  it('the coins the server drew wake for their try again alone: hovering and tapping them loads no code', async () => {
    const { page, warnings, finish } = await openIslands('mobile', '/cryptos', { touch: true });
    const scripts = recordScripts(page);
    const card = page.getByTestId('crypto-card').first();
    await card.hover();
    await card.tap();
    await card.click();
    await page.waitForLoadState('networkidle');
    expect(scripts).toEqual([]);
    expect(await page.locator('[data-island="crypto-list"][data-island-live]').count()).toBe(0);
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
    // the header is live before the navigation: it must stay so (not hydrated again) after it.
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

  it("the header marks the new page's section after a navigation, asleep or live", async () => {
    const { page, finish } = await suite.open('desktop', { cookieChoice: true });
    const warnings = collectWarnings(page);
    const header = page.getByRole('navigation', { name: /principal|main/i });
    const current = () => header.locator('[aria-current="page"]').allInnerTexts();
    await page.goto('/blog', { waitUntil: 'networkidle' });
    expect(await current()).toEqual(['Blog']);
    // a link in the footer, so the pointer never passes over the header, which stays asleep.
    await page.locator('footer a[href="/shop"]').click();
    await expectPath(page, '/shop');
    expect(await page.locator('[data-island="site-header"][data-island-live]').count()).toBe(0);
    expect(await current()).toEqual(['Lojas']);
    // Woken (the pointer over it), the header follows the next navigation by its own router.
    await header.getByRole('link', { name: 'Cursos' }).hover();
    await page.locator('[data-island="site-header"][data-island-live]').waitFor({ state: 'attached' });
    await page.locator('footer a[href="/videos"]').click();
    await expectPath(page, '/videos');
    await expect.poll(current).toEqual(['Vídeos']);
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
    const { reader: account } = await readers();
    const { page, finish } = await suite.open('mobile', { cookieChoice: true });
    await page.goto(articlePath, { waitUntil: 'networkidle' });
    await page.getByRole('link', { name: 'Entrar' }).click();
    await expectPath(page, '/login');
    const form = page.getByTestId('login-form');
    await form.locator('input[name="username"]').fill(account.username);
    await form.locator('input[type="password"]').fill(account.password);
    await form.locator('button[type="submit"]').click();
    await expectPath(page, '/profile');

    // back on a public page, the header shows the member at once (woken for a session in storage).
    await page.goto(articlePath, { waitUntil: 'networkidle' });
    await page.getByRole('link', { name: 'Entrar' }).waitFor({ state: 'detached' });
    await finish();
  });

  it("a member's 404 is the app's, which asks to found the channel; a visitor's stays islands", async () => {
    const { reader: account } = await readers();
    const visitor = await openIslands('mobile', '/canal-das-ilhas');
    await visitor.page.getByTestId('not-found').waitFor();
    expect(visitor.appCode()).toEqual([]);
    expect(problemsBut404(visitor.watch.problems, '/canal-das-ilhas')).toEqual([]);
    await visitor.close();

    const { page, watch, close } = await suite.open('mobile', { cookieChoice: true });
    const scripts = recordScripts(page);
    await page.goto('/login', { waitUntil: 'networkidle' });
    const form = page.getByTestId('login-form');
    await form.locator('input[name="username"]').fill(account.username);
    await form.locator('input[type="password"]').fill(account.password);
    await form.locator('button[type="submit"]').click();
    await expectPath(page, '/profile');
    scripts.length = 0;
    await page.goto('/canal-das-ilhas', { waitUntil: 'networkidle' });
    await page.getByTestId('new-channel-prompt').getByText('#canal-das-ilhas ainda não existe — criar?').waitFor();
    expect(scripts.filter((file) => appEntry.test(file))).toHaveLength(1);
    await expectAccessible(page);
    await screenshot(page, 'islands-member-404-360', { fullPage: false });
    expect(problemsBut404(watch.problems, '/canal-das-ilhas')).toEqual([]);
    await close();
  });
});
