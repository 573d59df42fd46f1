import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from './support/screenshot.js';
import { useBrowserSuite } from './support/suite.js';

// One head per page: whatever way a page is reached — its server-rendered first view, hydrated, or a client
// navigation from another — its head holds each tag once, with the server's values and the site's PUBLIC_URL.
const suite = useBrowserSuite({ serverEnv: { DEMO_CONTENT: '1' }, readOnly: true });

interface Head {
  titles: string[];
  descriptions: string[];
  canonicals: string[];
  ogUrls: string[];
  ogImages: string[];
  feeds: string[];
  jsonLd: Record<string, unknown>[];
}

/** The head as the browser has it now. */
function readHead(page: Page): Promise<Head> {
  return page.evaluate(() => {
    const all = (selector: string, attribute: string) =>
      [...document.querySelectorAll(selector)].map((element) => element.getAttribute(attribute) ?? '');
    return {
      titles: [...document.querySelectorAll('title')].map((element) => element.textContent ?? ''),
      descriptions: all('meta[name="description"]', 'content'),
      canonicals: all('link[rel="canonical"]', 'href'),
      ogUrls: all('meta[property="og:url"]', 'content'),
      ogImages: all('meta[property="og:image"]', 'content'),
      feeds: all('link[rel="alternate"][type="application/rss+xml"]', 'href'),
      jsonLd: [...document.querySelectorAll('script[type="application/ld+json"]')].map(
        (element) => JSON.parse(element.textContent ?? 'null') as Record<string, unknown>,
      ),
    };
  });
}

/** The nodes of a JSON-LD document (one node, or an `@graph`). */
function nodes(document: Record<string, unknown>): Record<string, unknown>[] {
  return Array.isArray(document['@graph']) ? (document['@graph'] as Record<string, unknown>[]) : [document];
}

/** The properties Google documents as required (or recommended and always present here) per type. */
const required: Record<string, string[]> = {
  Article: ['headline', 'image', 'datePublished', 'author', 'publisher'],
  VideoObject: ['name', 'description', 'thumbnailUrl', 'uploadDate', 'embedUrl'],
  ItemList: ['itemListElement'],
  Course: ['name', 'description', 'provider'],
  BreadcrumbList: ['itemListElement'],
  WebSite: ['name', 'url', 'potentialAction'],
  Organization: ['name', 'url', 'logo'],
  WebPage: ['name', 'url'],
  CollectionPage: ['name', 'url'],
  ProfilePage: ['name', 'url'],
  AboutPage: ['name', 'url'],
  ContactPage: ['name', 'url'],
};

/** Exactly one of each tag, the canonical and og:url on PUBLIC_URL, one JSON-LD block holding `types` with their properties. */
function expectOneHead(head: Head, path: string, types: readonly string[]) {
  const where = `${path}: ${JSON.stringify({ ...head, jsonLd: head.jsonLd.length })}`;
  expect(head.titles, where).toHaveLength(1);
  expect(head.descriptions, where).toHaveLength(1);
  expect(head.descriptions[0]!.length, where).toBeGreaterThan(20);
  expect(head.canonicals, where).toEqual([`${suite.server.url}${path}`]);
  expect(head.ogUrls, where).toEqual(head.canonicals);
  expect(head.ogImages, where).toHaveLength(1);
  expect(head.ogImages[0], where).toMatch(new RegExp(`^(${suite.server.url}/|https://)`));
  expect(head.feeds, where).toEqual(['/blog/rss.xml', '/lyrics/rss.xml']);
  expect(head.jsonLd, where).toHaveLength(1);
  const found = nodes(head.jsonLd[0]!);
  for (const type of types) {
    const node = found.find((candidate) => candidate['@type'] === type);
    expect(node, `${path} has a ${type}`).toBeDefined();
    for (const property of required[type] ?? []) expect(node?.[property], `${path} ${type}.${property}`).toBeTruthy();
  }
}

/**
 * Waits until the browser owns the page and its head: on a page of islands (decision 042) when its entry responds,
 * elsewhere when React has hydrated it (the footer's last link has its fiber).
 */
async function hydrated(page: Page) {
  await page.waitForFunction(() => {
    const root = document.documentElement;
    if (root.hasAttribute('data-islands')) return root.hasAttribute('data-app-ready');
    const links = document.querySelectorAll('footer a');
    const last = links[links.length - 1];
    return last !== undefined && Object.keys(last).some((key) => key.startsWith('__reactFiber$'));
  });
}

async function firstLink(listPath: string, pattern: RegExp): Promise<string> {
  const html = await (await fetch(`${suite.server.url}${listPath}`, { headers: { accept: 'text/html' } })).text();
  const match = pattern.exec(html);
  if (!match) throw new Error(`no link matching ${pattern} on ${listPath}`);
  return match[1]!;
}

describe('one head per page', () => {
  it('each page type has each tag once, as the server sent it, after hydration and after client navigations', async () => {
    const article = await firstLink('/blog', /href="(\/blog\/[a-z0-9-]+)"/);
    const lyric = await firstLink('/lyrics', /href="(\/lyrics\/[a-z0-9-]+)"/);
    const shop = await firstLink('/shop', /href="(\/shop\/[a-z0-9-]+)"/);
    const course = await firstLink('/courses', /href="(\/courses\/[a-z0-9-]+)"/);
    const video = await firstLink('/videos', /href="(\/video\/[A-Za-z0-9_-]+)"/);
    const pages: [string, string[]][] = [
      ['/', ['WebSite', 'Organization']],
      ['/blog', ['CollectionPage']],
      [article, ['Article']],
      ['/lyrics', ['CollectionPage']],
      [lyric, ['Article', 'BreadcrumbList']],
      ['/shop', ['CollectionPage', 'ItemList']],
      [shop, ['ItemList', 'BreadcrumbList']],
      ['/courses', ['CollectionPage', 'ItemList']],
      [course, ['Course', 'ItemList', 'BreadcrumbList']],
      ['/videos', ['CollectionPage']],
      [video, ['VideoObject']],
      ['/photos', ['CollectionPage']],
      ['/music', ['WebPage']],
      ['/cryptos', ['WebPage']],
      ['/channels', ['CollectionPage']],
      ['/bio', ['ProfilePage']],
      ['/sobre-nos', ['AboutPage']],
      ['/contato', ['ContactPage']],
    ];

    const { page, context, finish } = await suite.open('desktop', { cookieChoice: true });
    // reached at another address than PUBLIC_URL (localhost, not 127.0.0.1): the head still names PUBLIC_URL.
    const elsewhere = suite.server.url.replace('127.0.0.1', 'localhost');
    await context.addCookies([{ name: 'accepted', value: 'true', url: elsewhere }]);
    for (const [path, types] of pages) {
      const served = await (await fetch(`${suite.server.url}${path}`, { headers: { accept: 'text/html' } })).text();
      await page.goto(`${elsewhere}${path}`);
      await hydrated(page);
      const head = await readHead(page);
      expectOneHead(head, path, types);
      // The browser's head is the server's: same title, description, canonical and image.
      expect(served, path).toContain(`<link rel="canonical" href="${head.canonicals[0]}"/>`);
      expect(served, path).toContain(
        `<meta property="og:image" content="${head.ogImages[0]!.replaceAll('&', '&amp;')}"/>`,
      );
      expect(served.match(/<title>([^<]*)<\/title>/)?.[1]?.replaceAll('&amp;', '&'), path).toBe(head.titles[0]);
      // an uploaded cover's size comes from the image library (the demo covers are in it, 1200×630).
      if (path === article) {
        expect(served, path).toContain('<meta property="og:image:width" content="1200"/>');
        expect(served, path).toContain('<meta property="og:image:height" content="630"/>');
      }
    }

    // Client navigations: each section from the footer's site map, then into a detail page and on.
    await page.goto(`${elsewhere}/`);
    await hydrated(page);
    const seen = new Set<string>();
    for (const [path, types] of pages.filter(
      ([candidate]) => !/^\/(blog|lyrics|shop|courses|video)\//.test(candidate),
    )) {
      if (path === '/') continue;
      const link = page.locator(`footer a[href="${path}"]`);
      if ((await link.count()) === 0) continue;
      await link.click();
      await page.waitForURL(`${elsewhere}${path}`);
      await page.locator('h1').first().waitFor();
      await expect
        .poll(async () => (await readHead(page)).canonicals.join(' '), { timeout: 10_000 })
        .toBe(`${suite.server.url}${path}`);
      expectOneHead(await readHead(page), path, types);
      seen.add(path);
    }
    expect(seen.size).toBeGreaterThanOrEqual(12);
    for (const [list, detail, types] of [
      ['/blog', article, ['Article']],
      ['/lyrics', lyric, ['Article', 'BreadcrumbList']],
      ['/shop', shop, ['ItemList', 'BreadcrumbList']],
      ['/courses', course, ['Course', 'ItemList']],
      ['/videos', video, ['VideoObject']],
    ] as const) {
      await page.locator(`footer a[href="${list}"]`).click();
      await page.waitForURL(`${elsewhere}${list}`);
      await page.locator(`main a[href="${detail}"]`).first().click();
      await page.waitForURL(`${elsewhere}${detail}`);
      await expect
        .poll(async () => (await readHead(page)).canonicals.join(' '), { timeout: 10_000 })
        .toBe(`${suite.server.url}${detail}`);
      await page.locator('h1').first().waitFor();
      expectOneHead(await readHead(page), detail, types);
    }
    await finish();
  });

  it('shows every section one click away: the header with its "Mais" menu at 1280 px, the menu at 360 px', async () => {
    const desktop = await suite.open('desktop', { cookieChoice: true });
    await desktop.page.goto('/blog');
    await hydrated(desktop.page);
    const nav = desktop.page.getByRole('navigation', { name: 'Navegação principal' });
    await nav.getByRole('button', { name: 'Mais' }).click();
    const menu = desktop.page.getByRole('menu', { name: 'Mais' });
    await menu.waitFor();
    expect(
      await menu.getByRole('menuitem').evaluateAll((items) => items.map((item) => item.getAttribute('href'))),
    ).toEqual(['/lyrics', '/music', '/photos', '/bio', '/extraIncome', '/cryptos']);
    await screenshot(desktop.page, 'navigation-1280', { fullPage: false });
    await menu.getByRole('menuitem', { name: 'Música' }).click();
    await desktop.page.waitForURL('**/music');
    await desktop.finish();

    const phone = await suite.open('mobile', { cookieChoice: true });
    await phone.page.goto('/blog');
    await hydrated(phone.page);
    await phone.page.getByTestId('mobile-menu-button').click();
    const drawer = phone.page.getByTestId('mobile-menu');
    await drawer.waitFor();
    expect(
      await drawer
        .getByRole('navigation')
        .getByRole('link')
        .evaluateAll((links) => links.map((link) => link.getAttribute('href'))),
    ).toEqual([
      '/blog',
      '/shop',
      '/courses',
      '/channels',
      '/videos',
      '/lyrics',
      '/music',
      '/photos',
      '/bio',
      '/extraIncome',
      '/cryptos',
    ]);
    await screenshot(phone.page, 'navigation-360', { fullPage: false });
    await phone.finish();
  });
});
