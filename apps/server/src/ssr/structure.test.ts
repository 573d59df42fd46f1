import { roles } from '@papo/contract/auth';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createBio } from '../features/bio/service.js';
import { buildTestApp, type TestApp } from '../test/app.js';
import { describeEachDialect } from '../test/db.js';
import { buildUser } from '../test/users.js';
import { useWebBuild } from '../test/web-build.js';

/*
 * The site's structure as crawlers read it: breadcrumbs ending with the page, /bio about its subject and linking each
 * person's page (a Person with a description of its own), channels and /irc in the sitemap and the footer, a last
 * change on every sitemap entry, and feeds that say what the site is.
 */
const build = useWebBuild();

type Node = Record<string, unknown>;

describeEachDialect("the public site's structure", (dialect) => {
  let t: TestApp;
  let personId: number;
  let channel: string;

  beforeAll(async () => {
    t = await buildTestApp({ dialect, env: { WEB_DIST: build.dist, PUBLIC_URL: 'https://papo.example' } });
    const { headers } = await buildUser(t.app, { username: 'lojista_est', roles: [roles.user, roles.moderator] });
    const call = async (url: string, payload: Record<string, unknown>) =>
      (await t.app.inject({ method: 'POST', url, headers, payload })).json() as { id: number };
    const category = (await t.app.inject({ method: 'GET', url: '/api/album-categories', headers })).json()[0]
      .id as number;
    const shop = await call('/api/album/add', { name: 'Loja da Praia', country: 'br', category });
    await call('/api/save-publish-state', { album_id: shop.id, is_published: true });
    channel = (await t.app.db.selectFrom('channels').select('name').orderBy('name').executeTakeFirstOrThrow()).name;
    const deps = { db: t.app.db, dialect: t.app.dialect };
    personId = (
      await createBio(deps, {
        kind: 'event',
        tag: 'Dona Cida',
        tags: [],
        layout: 'layout-1',
        photoPath: null,
        description: 'Ilustração: Dona Cida',
        paragraphs: ['Costureira do bairro e primeira fã.', 'Segundo parágrafo.'],
      })
    ).id;
    await createBio(deps, {
      kind: 'year',
      tag: '1974',
      tags: ['Dona Cida'],
      layout: 'layout-1',
      photoPath: null,
      description: '',
      paragraphs: ['O ano em que Dona Cida cantou.'],
    });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  const page = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
    expect(res.statusCode, url).toBe(200);
    const document = new JSDOM(res.body).window.document;
    const jsonLd = [...document.querySelectorAll('script[type="application/ld+json"]')].map(
      (script) => JSON.parse(script.textContent ?? '{}') as Node,
    );
    const nodes = jsonLd.flatMap((block) => (Array.isArray(block['@graph']) ? (block['@graph'] as Node[]) : [block]));
    return { document, nodes };
  };

  it("ends a store's breadcrumb with the store itself, in the page and in the JSON-LD", async () => {
    const { document, nodes } = await page('/shop/loja-da-praia');
    const crumbs = [...document.querySelectorAll('nav ol li')];
    expect(crumbs.at(-1)?.textContent).toBe('Loja da Praia');
    expect(crumbs.at(-1)?.getAttribute('aria-current')).toBe('page');
    expect(document.querySelectorAll('nav ol li[aria-current]')).toHaveLength(1);
    const breadcrumb = nodes.find((node) => node['@type'] === 'BreadcrumbList');
    const items = breadcrumb?.itemListElement as Node[];
    expect(items.at(-1)).toMatchObject({
      position: items.length,
      name: 'Loja da Praia',
      item: 'https://papo.example/shop/loja-da-praia',
    });
  });

  it('makes /bio a profile page about its subject that links every person to their own page', async () => {
    const { document, nodes } = await page('/bio');
    const profile = nodes.find((node) => node['@type'] === 'ProfilePage');
    expect(profile?.mainEntity).toMatchObject({
      '@type': 'Person',
      name: 'Tiana Serra',
      url: 'https://papo.example/bio',
    });
    expect(profile?.mentions).toEqual([
      {
        '@type': 'Person',
        name: 'Dona Cida',
        description: 'Costureira do bairro e primeira fã.',
        url: `https://papo.example/person/${personId}`,
      },
    ]);
    expect(document.querySelector(`a[href="/person/${personId}"]`)?.textContent).toContain('Dona Cida');
  });

  it("types a person's page as a Person described by their own text, not their photo's", async () => {
    const { document, nodes } = await page(`/person/${personId}`);
    const profile = nodes.find((node) => node['@type'] === 'ProfilePage');
    expect(profile?.mainEntity).toMatchObject({
      '@type': 'Person',
      name: 'Dona Cida',
      description: 'Costureira do bairro e primeira fã.',
      url: `https://papo.example/person/${personId}`,
    });
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(
      'Costureira do bairro e primeira fã.',
    );
  });

  it('links /irc and the channels from the footer of every public page', async () => {
    for (const url of ['/', '/blog', '/sobre-nos']) {
      const footer = (await page(url)).document.querySelector('footer');
      expect(footer?.querySelector('a[href="/irc"]'), url).not.toBeNull();
      expect(footer?.querySelector('a[href="/channels"]'), url).not.toBeNull();
    }
  });

  it('lists channels and /irc in the sitemap, every entry with its last change', async () => {
    const res = await t.app.inject({ url: '/sitemap.xml' });
    const { document } = new JSDOM(res.body, { contentType: 'application/xml' }).window;
    const entries = [...document.querySelectorAll('url')].map((url) => ({
      loc: url.querySelector('loc')?.textContent,
      lastmod: url.querySelector('lastmod')?.textContent,
    }));
    const locs = entries.map((entry) => entry.loc);
    expect(locs).toEqual(
      expect.arrayContaining([
        `https://papo.example/${channel}`,
        'https://papo.example/irc',
        'https://papo.example/channels',
        `https://papo.example/person/${personId}`,
      ]),
    );
    for (const entry of entries)
      expect(entry.lastmod, entry.loc ?? '').toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    const lastmod = (loc: string) => entries.find((entry) => entry.loc === `https://papo.example${loc}`)?.lastmod ?? '';
    // A list page changes with its newest entry; the home page with the newest of all.
    expect(lastmod('/shop')).toBe(lastmod('/shop/loja-da-praia'));
    expect(lastmod('/channels')).toBe(lastmod(`/${channel}`));
    expect(lastmod('/') >= lastmod('/shop')).toBe(true);
  });

  it("gives the feeds the site's description and language", async () => {
    await t.app.db.updateTable('company').set({ description: 'Conversas ao vivo, letras e artigos.' }).execute();
    for (const url of ['/blog/rss.xml', '/lyrics/rss.xml']) {
      const { document } = new JSDOM((await t.app.inject({ url })).body, { contentType: 'application/xml' }).window;
      expect(document.querySelector('channel > description')?.textContent, url).toBe(
        'Conversas ao vivo, letras e artigos.',
      );
      expect(document.querySelector('channel > language')?.textContent, url).toBe('pt-BR');
    }
  });
});
