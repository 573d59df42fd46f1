import { defaultChannel } from '@papo/contract/channel-names';
import { slugify } from '@papo/contract/slug';
import { randomBytes } from 'node:crypto';
import { statSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { articleFields, updateArticle } from '../features/articles/service.js';
import { articleDeps, publishArticle } from '../features/articles/test-support.js';
import { countQueries } from '../features/search/test-support.js';
import { currentReads, everySource, writingUntold } from '../db/changes.js';
import { openConversation, seedMessages } from '../features/conversations/test-support.js';
import { buildTestApp, type TestApp } from '../test/app.js';
import { useWebBuild } from '../test/web-build.js';
import { hasRedis } from '../test/cluster.js';
import { describeEachDialect, hasPostgres } from '../test/db.js';
import { heardWrite, startTwoNodes, type TwoNodes } from '../test/nodes.js';
import { buildUser, personas } from '../test/users.js';
import type { ArticlePage } from '@papo/contract/articles';
import type { ServerRenderedPage } from '@papo/contract/server-render';
import { createPageCache, type PageCache } from './page-cache.js';
import { loadServerRendering } from './renderer.js';

// the real web build, shared with the other rendered-page tests and the e2e specs (test/web-build.ts).
const build = useWebBuild();

const page = (app: FastifyInstance, url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });

/** The article's title as the server rendered it (the page's h1). */
async function renderedTitle(app: FastifyInstance, url: string, headers: Record<string, string> = {}) {
  const body = (await page(app, url, headers)).body;
  return /<h1[^>]*>([^<]*)<\/h1>/.exec(body.slice(body.indexOf('<div id="root">')))?.[1];
}

const renameBehindTheBack = (app: FastifyInstance, id: number, title: string) =>
  writingUntold(() => app.db.updateTable('articles').set({ title }).where('id', '=', id).execute());

/**
 * A kept page is rendered again behind the first visitor of the next half-minute (page-cache.ts), which would show a
 * change made behind the cache's back: a test that relies on a kept page stops the app's clock (`Date` only; timers
 * and I/O run as usual) one second into the next half-minute, so it never crosses one. `afterEach` lets it go.
 */
function withinOneHalfMinute(): void {
  const halfMinute = 30_000;
  const next = (Math.floor(Date.now() / halfMinute) + 1) * halfMinute + 1_000;
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(next);
}
afterEach(() => {
  vi.useRealTimers();
});

describe('a kept page and its successor, half-minute by half-minute', () => {
  // an app without a web build has no page cache of its own: this one is the only user of the shared cache.
  const halfMinute = 30_000;
  let t: TestApp;
  let clock = 0;
  let pages: PageCache;
  beforeAll(async () => {
    t = await buildTestApp();
    // two renders at most under way or waiting (the bound's own test below).
    pages = createPageCache(t.app, { now: () => clock, maxRenders: 2 });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  /** A render that records its calls and makes `v1`, `v2`… in turn, read from the `articles` table. */
  function counted() {
    const made: string[] = [];
    const render = async (): Promise<ServerRenderedPage> => {
      currentReads()?.add('articles');
      const html = `v${made.length + 1}`;
      made.push(html);
      return { status: 200, language: 'pt', html, handover: '{}', modules: [] };
    };
    return { render, made };
  }

  it("serves the previous half-minute's page at once while this one's is rendered behind it, never one a minute old", async () => {
    clock = 1_000_000 * halfMinute + 1_000;
    const { render, made } = counted();
    const html = async () => (await pages.page('/blog/a', render))?.html;

    // The first visitor waits for the render; the next ones in the half-minute get it from memory.
    expect(await html()).toBe('v1');
    expect(await html()).toBe('v1');
    expect(made).toEqual(['v1']);

    // In the next half-minute the kept page is answered at once and the next one is rendered behind it, once for
    // however many ask meanwhile.
    clock += halfMinute;
    expect(await Promise.all([html(), html()])).toEqual(['v1', 'v1']);
    await pages.settled();
    expect(made).toEqual(['v1', 'v2']);
    expect(await html()).toBe('v2');

    // A page from two half-minutes back would be over a minute old: the visitor waits for a new one instead.
    clock += 2 * halfMinute;
    expect(await html()).toBe('v3');
    await pages.settled();
    expect(made).toEqual(['v1', 'v2', 'v3']);
  });

  it('starts no render beyond its bound: a miss then gets null at once, and renders again once one has ended', async () => {
    clock = 3_000_000 * halfMinute + 1_000;
    const releases: (() => void)[] = [];
    const slow = (html: string) => () =>
      new Promise<ServerRenderedPage>((resolve) =>
        releases.push(() => resolve({ status: 200, language: 'pt', html, handover: '{}', modules: [] })),
      );
    const first = pages.page('/a', slow('a'));
    const second = pages.page('/b', slow('b'));
    // The same page as one under way shares its render; a third page finds the bound reached.
    const firstAgain = pages.page('/a', slow('a, again'));
    expect(await pages.page('/c', slow('c'))).toBeNull();
    await new Promise((resolve) => setImmediate(resolve));
    expect(releases).toHaveLength(2);
    releases.forEach((release) => release());
    expect((await Promise.all([first, second, firstAgain])).map((page) => page?.html)).toEqual(['a', 'b', 'a']);
    const third = pages.page('/c', slow('c'));
    await new Promise((resolve) => setImmediate(resolve));
    releases[2]!();
    expect((await third)?.html).toBe('c');
  });

  it('renders a page once for visitors asking at the same time, and serves nothing kept from before a write', async () => {
    clock = 2_000_000 * halfMinute + 1_000;
    const { render, made } = counted();
    const html = async () => (await pages.page('/lyrics', render))?.html;
    expect(await Promise.all([html(), html(), html()])).toEqual(['v1', 'v1', 'v1']);
    expect(made).toEqual(['v1']);

    // A write of what the page did not read forgets nothing.
    await t.app.caches.wrote(['conversations', 'users:1']);
    expect(await html()).toBe('v1');
    // A write of what it read forgets this half-minute's page and the previous one's: the next visitor waits for a
    // new render.
    clock += halfMinute;
    await t.app.caches.wrote(['articles']);
    expect(await html()).toBe('v2');
    await pages.settled();
    expect(made).toEqual(['v1', 'v2']);
  });
});

describeEachDialect('pages the server rendered, kept in memory on one node', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ dialect, env: { WEB_DIST: build.dist } });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it('serves a page from memory, per language and cookies, until a write of what it read', async () => {
    withinOneHalfMinute();
    // before the page is rendered: a new account is a write of `users`, which the page read (its author).
    const [member, other, staff] = [
      await buildUser(t.app),
      await buildUser(t.app),
      await buildUser(t.app, { roles: personas.admin }),
    ];
    const { id, slug } = await publishArticle(t.app, { title: 'Domingo na feira' });
    const url = `/blog/${slug}`;
    expect(await renderedTitle(t.app, url)).toBe('Domingo na feira');
    await renameBehindTheBack(t.app, id, 'Escrito por fora');
    expect(await renderedTitle(t.app, url)).toBe('Domingo na feira');
    // Tracking parameters, random ones and cookies no page reads find the kept page: nothing is rendered for them.
    expect(await renderedTitle(t.app, `${url}?utm_source=news&r=${Math.random()}`)).toBe('Domingo na feira');
    expect(await renderedTitle(t.app, url, { cookie: `tracker=${Math.random()}; theme=dark` })).toBe(
      'Domingo na feira',
    );
    // Another language or another cookie choice is another page.
    expect(await renderedTitle(t.app, url, { cookie: 'user-language=en' })).toBe('Escrito por fora');
    expect(await renderedTitle(t.app, url, { cookie: 'accepted=true' })).toBe('Escrito por fora');

    // A member's own write (a favourite channel) changes no public page: nothing is forgotten.
    const favourite = await t.app.inject({
      method: 'POST',
      url: '/api/favorite-channels',
      headers: member.headers,
      payload: { channel: `#${defaultChannel}` },
    });
    expect(favourite.statusCode).toBeLessThan(400);
    expect(await renderedTitle(t.app, url)).toBe('Domingo na feira');

    // A failed write changes nothing either.
    const refused = await t.app.inject({
      method: 'PUT',
      url: '/api/homeNews',
      headers: staff.headers,
      payload: { lang: 'xx', items: [] },
    });
    expect(refused.statusCode).toBe(400);
    expect(await renderedTitle(t.app, url)).toBe('Domingo na feira');

    // A content write of something the page did not read (the home page's news) leaves it kept too.
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/homeNews',
      headers: staff.headers,
      payload: { lang: 'pt', items: [] },
    });
    expect(saved.statusCode).toBe(200);
    expect(await renderedTitle(t.app, url)).toBe('Domingo na feira');

    // A private conversation and its messages are no page's: nothing is forgotten.
    await seedMessages(t.app, await openConversation(t.app, member, other), member.id, ['olá', 'tudo bem?']);
    expect(await renderedTitle(t.app, url)).toBe('Domingo na feira');

    // A write of the articles it read forgets it.
    await publishArticle(t.app, { title: 'Segunda-feira' });
    expect(await renderedTitle(t.app, url)).toBe('Escrito por fora');
  });

  it("renders a page from its route's declared query parameters and the cookies a render reads, and nothing else", async () => {
    const rendering = (await loadServerRendering(build.dist))!;
    const cookie = 'tracker=1; user-language=en; accepted=true; theme=dark';
    expect(rendering.renderer.pageInput('/blog?utm_source=x&page=2&r=7&q=samba&category=', cookie)).toEqual({
      url: '/blog?page=2&q=samba',
      cookie: 'accepted=true; user-language=en',
      route: 'blog',
    });
    expect(rendering.renderer.pageInput('/blog/um-artigo?utm_source=x&page=2', 'tracker=1')).toEqual({
      url: '/blog/um-artigo',
      cookie: '',
      route: 'blogView',
    });
    expect(rendering.renderer.pageInput('/bio?ano=1990&fbclid=abc', '')).toEqual({
      url: '/bio?ano=1990',
      cookie: '',
      route: 'bio',
    });
  });

  it('sends a kept page as the bytes of its first render in each coding, with an ETag that answers 304, until a write changes it', async () => {
    await withinOneHalfMinute();
    const { id, slug } = await publishArticle(t.app, { title: 'Bytes guardados' });
    const url = `/blog/${slug}`;
    const br = { 'accept-encoding': 'gzip, deflate, br' };
    const first = await page(t.app, url, br);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.headers.vary).toBe('accept-encoding, cookie');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+-br"$/);
    const again = await page(t.app, url, br);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(again.headers.etag).toBe(etag);
    // Each coding is the same page, with its own validator.
    const plain = await page(t.app, url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(brotliDecompressSync(first.rawPayload).equals(plain.rawPayload)).toBe(true);
    const zipped = await page(t.app, url, { 'accept-encoding': 'gzip' });
    expect(gunzipSync(zipped.rawPayload).equals(plain.rawPayload)).toBe(true);
    expect(new Set([etag, plain.headers.etag, zipped.headers.etag]).size).toBe(3);
    const notModified = await page(t.app, url, { ...br, 'if-none-match': etag });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.rawPayload.length).toBe(0);

    await renameBehindTheBack(t.app, id, 'Bytes renovados');
    expect((await page(t.app, url, { ...br, 'if-none-match': etag })).statusCode).toBe(304);
    await publishArticle(t.app, { title: 'Uma escrita qualquer' });
    const changed = await page(t.app, url, { ...br, 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(brotliDecompressSync(changed.rawPayload).toString()).toContain('Bytes renovados');
  });

  it("keeps a page's bytes and ETag from one half-minute to the next while its render shows nothing new", async () => {
    withinOneHalfMinute();
    const { id, slug } = await publishArticle(t.app, { title: 'Bytes que ficam' });
    const url = `/blog/${slug}`;
    const br = { 'accept-encoding': 'br' };
    const first = await page(t.app, url, br);
    const etag = first.headers.etag as string;
    // the handover holds when each answer was fetched: a render a half-minute later differs there alone.
    expect(brotliDecompressSync(first.rawPayload).toString()).toMatch(/"dataUpdatedAt":\d+/);

    const nextHalfMinute = async () => {
      vi.setSystemTime(Date.now() + 30_000);
      const answered = await page(t.app, url, { ...br, 'if-none-match': etag });
      // the successor is rendered behind the kept page's answer; the next request gets the successor.
      await t.app.renderedPages.settled();
      return answered;
    };
    for (let half = 0; half < 3; half += 1) {
      expect((await nextHalfMinute()).statusCode).toBe(304);
      const again = await page(t.app, url, br);
      expect(again.headers.etag).toBe(etag);
      expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    }

    // What the page shows changes with no write through the API (as a provider's answer does): the next
    // half-minute's render has new bytes.
    await renameBehindTheBack(t.app, id, 'Bytes que mudam');
    await nextHalfMinute();
    const changed = await page(t.app, url, br);
    expect(changed.headers.etag).not.toBe(etag);
    expect(brotliDecompressSync(changed.rawPayload).toString()).toContain('Bytes que mudam');
  });

  it('keeps the social preview with the page: a kept page costs no query, and its og:title follows the next write', async () => {
    withinOneHalfMinute();
    const { id, slug } = await publishArticle(t.app, { title: 'Prévia guardada' });
    const url = `/blog/${slug}`;
    const ogTitle = async () =>
      /<meta property="og:title" content="([^"]*)"/.exec((await page(t.app, url, { accept: '*/*' })).body)?.[1];
    expect(await ogTitle()).toBe('Prévia guardada');
    const queries = countQueries(t.app);
    try {
      expect(await ogTitle()).toBe('Prévia guardada');
      expect(queries.count).toBe(0);
    } finally {
      queries.stop();
    }
    await renameBehindTheBack(t.app, id, 'Prévia renovada');
    await publishArticle(t.app, { title: 'Qualquer outra' });
    expect(await ogTitle()).toBe('Prévia renovada');
    // An unknown slug's page is a 404 from memory as it was the first time.
    expect((await page(t.app, '/blog/nao-existe-nenhum')).statusCode).toBe(404);
    expect((await page(t.app, '/blog/nao-existe-nenhum')).statusCode).toBe(404);
  });

  it("reads an article's row once per answer on a page miss: its preview reads the answer its render then reads", async () => {
    withinOneHalfMinute();
    for (const [section, isLyrics] of [
      ['blog', false],
      ['lyrics', true],
    ] as const) {
      const { slug } = await publishArticle(t.app, { title: `Lida uma vez em ${section}`, isLyrics });
      const reads = slugReads(t.app, slug);
      try {
        expect((await page(t.app, `/${section}/${slug}`, { accept: '*/*' })).statusCode).toBe(200);
        // The page's API answers read the row, each its own (an article's related articles are an answer of their
        // own); the preview's lookup is the page's answer, kept in memory, so no read runs twice.
        expect(reads.sql.length, section).toBeGreaterThan(0);
        expect(reads.sql, section).toEqual([...new Set(reads.sql)]);
      } finally {
        reads.stop();
      }
    }
  });

  it("reads a store's, a person's and a channel's row once on a page miss: the preview reads the answer the render then reads", async () => {
    withinOneHalfMinute();
    const word = `lida${randomBytes(4).toString('hex')}`;
    await t.app.db
      .insertInto('stores')
      .values({ kind: 'shop', name: `Loja ${word}`, slug: word, country: 'br', is_published: 1 })
      .execute();
    await t.app.db.insertInto('channels').values({ name: word, topic: 'Lido uma vez' }).execute();
    const tag = `Pessoa ${word}`;
    const person = await t.app.db
      .insertInto('bio_entries')
      .values({ kind: 'event', tag, tag_key: tag.toLowerCase(), year: null, created_at: new Date().toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const pages = [
      { url: `/shop/${word}`, title: `Loja ${word}`, value: word, table: 'stores' },
      { url: `/${word}`, title: `#${word}`, value: word, table: 'channels' },
      { url: `/person/${person.id}`, title: tag, value: person.id, table: 'bio_entries' },
    ];
    for (const { url, title, value, table } of pages) {
      const reads = rowReads(t.app, value, table);
      try {
        const answer = await page(t.app, url, { accept: '*/*' });
        expect(answer.statusCode, url).toBe(200);
        expect(answer.body, url).toContain(title);
        // the preview's lookup and the page's render share one API answer: the row's read runs once.
        expect(reads.sql.length, url).toBeGreaterThan(0);
        expect(reads.sql, url).toEqual([...new Set(reads.sql)]);
      } finally {
        reads.stop();
      }
    }
  });

  it('forgets the pages after an article write made outside a request (the service, as a scheduled release)', async () => {
    withinOneHalfMinute();
    const { id, slug } = await publishArticle(t.app, { title: 'Ciranda' });
    const url = `/blog/${slug}`;
    expect(await renderedTitle(t.app, url)).toBe('Ciranda');
    await renameBehindTheBack(t.app, id, 'Ciranda revista');
    expect(await renderedTitle(t.app, url)).toBe('Ciranda');
    await publishArticle(t.app, { title: 'Outra' });
    expect(await renderedTitle(t.app, url)).toBe('Ciranda revista');
  });
});

const twoNodeWays = [
  // each node with its own connections, as two processes: a write on one reaches the other only by the bus.
  {
    way: 'Redis',
    skip: !hasRedis,
    start: () => startTwoNodes(process.env.TEST_REDIS_URL!, { WEB_DIST: build.dist }, { ownConnections: true }),
  },
  // no Redis, and each node with its own connections: only PostgreSQL's notifications go between them (decision 031).
  {
    way: 'PostgreSQL notifications',
    skip: !hasPostgres,
    start: () => startTwoNodes('', { WEB_DIST: build.dist }, { dialect: 'postgres', ownConnections: true }),
  },
];

for (const { way, skip, start } of twoNodeWays)
  describe.skipIf(skip)(`pages the server rendered, across two nodes with ${way}`, () => {
    let cluster: TwoNodes;
    beforeAll(async () => {
      cluster = await start();
    }, 60_000);
    afterAll(() => cluster?.close());

    it('a content write through one node is on the other node’s next page, once its invalidation arrives', async () => {
      withinOneHalfMinute();
      const [a, b] = cluster.nodes;
      expect(a.caches.trusted && b.caches.trusted).toBe(true);
      // the publication's own write must arrive before b renders, or it would forget b's fresh page.
      const published = heardWrite(b, 'articles');
      const { id, slug } = await publishArticle(a, { title: 'Maracatu' });
      await published;
      const url = `/blog/${slug}`;
      expect(await renderedTitle(b, url)).toBe('Maracatu');
      const list = async () => (await b.inject({ url: '/api/articles?page=1&limit=5' })).json<ArticlePage>();
      expect((await list()).articles[0]?.title).toBe('Maracatu');
      await renameBehindTheBack(a, id, 'Maracatu de baque solto');
      expect(await renderedTitle(b, url)).toBe('Maracatu');

      // An article saved on a: one message tells b, which forgets the article's page and the list pages with it.
      const heard: (readonly string[])[] = [];
      const hear = (sources: readonly string[]) => heard.push(sources);
      b.caches.events.on('heard', hear);
      const arrived = heardWrite(b, 'articles');
      await updateArticle(
        articleDeps(a),
        id,
        articleFields({
          title: 'Maracatu de baque virado',
          content: '<p>Baque</p>',
          isPublished: true,
        }),
      );
      await arrived;
      expect(await renderedTitle(b, url)).toBe('Maracatu de baque virado');
      expect((await list()).articles[0]?.title).toBe('Maracatu de baque virado');
      await a.caches.sent();
      b.caches.events.off('heard', hear);
      expect(heard.filter((sources) => sources.includes('articles'))).toHaveLength(1);
    });

    it('sends a kept page byte-identical to its first render on either node until a write changes it', async () => {
      withinOneHalfMinute();
      const [a, b] = cluster.nodes;
      const published = heardWrite(b, 'articles');
      const { id, slug } = await publishArticle(a, { title: 'Frevo' });
      await published;
      const url = `/blog/${slug}`;
      const first = await page(b, url, { 'accept-encoding': 'br' });
      expect(first.statusCode).toBe(200);
      await renameBehindTheBack(a, id, 'Frevo de rua');
      for (let i = 0; i < 2; i += 1) {
        const again = await page(b, url, { 'accept-encoding': 'br' });
        expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
        expect(brotliDecompressSync(again.rawPayload).toString()).toContain('>Frevo</h1>');
      }
      const heard = heardWrite(b, 'articles');
      await publishArticle(a, { title: 'Outro frevo' });
      await heard;
      const after = await page(b, url, { 'accept-encoding': 'br' });
      expect(brotliDecompressSync(after.rawPayload).toString()).toContain('>Frevo de rua</h1>');
    });
  });

/** The queries that name `slug` among their parameters (reads of that one row), their SQL in order. */
/** The queries that read `table` with `value` among their parameters (a row's own read), as they run. */
function rowReads(
  app: FastifyInstance,
  value: string | number,
  table: string,
): { readonly sql: string[]; stop(): void } {
  const executor = app.db.getExecutor();
  const original = executor.executeQuery.bind(executor);
  const sql: string[] = [];
  executor.executeQuery = ((...args: Parameters<typeof original>) => {
    const [query] = args;
    if (query.parameters.includes(value) && query.sql.includes(`"${table}"`)) sql.push(query.sql);
    return original(...args);
  }) as typeof executor.executeQuery;
  return { sql, stop: () => void (executor.executeQuery = original) };
}

function slugReads(app: FastifyInstance, slug: string): { readonly sql: string[]; stop(): void } {
  const executor = app.db.getExecutor();
  const original = executor.executeQuery.bind(executor);
  const sql: string[] = [];
  executor.executeQuery = ((...args: Parameters<typeof original>) => {
    const [query] = args;
    if (query.parameters.includes(slug)) sql.push(query.sql);
    return original(...args);
  }) as typeof executor.executeQuery;
  return { sql, stop: () => void (executor.executeQuery = original) };
}

/**
 * The web build with its server renderer counted: a folder whose files are the build's, but for `ssr/entry-server.js`,
 * which passes every call to the build's own renderer and counts the renders, and `ssr/entry-routes.js`, the build's own. The count is a file, one byte a render:
 * renders run on the node's render threads (ssr/render-pool.ts), each with its own copy of the module.
 */
async function countedRenders(
  dist: string,
): Promise<{ dist: string; renders: () => number; cleanup: () => Promise<void> }> {
  const folder = await mkdtemp(path.join(tmpdir(), 'papo-counted-'));
  for (const name of await readdir(dist))
    if (name !== 'ssr') await symlink(path.join(dist, name), path.join(folder, name));
  await mkdir(path.join(folder, 'ssr'));
  const count = path.join(folder, 'renders');
  await writeFile(count, '');
  // outside the repository no package.json says the folder's `.js` files are modules, as the build's own does.
  await writeFile(path.join(folder, 'package.json'), '{ "type": "module" }\n');
  const real = pathToFileURL(path.join(dist, 'ssr', 'entry-server.js')).href;
  const routes = pathToFileURL(path.join(dist, 'ssr', 'entry-routes.js')).href;
  await writeFile(path.join(folder, 'ssr', 'entry-routes.js'), `export * from ${JSON.stringify(routes)};\n`);
  await writeFile(
    path.join(folder, 'ssr', 'entry-server.js'),
    `import { appendFileSync } from 'node:fs';\nimport * as real from ${JSON.stringify(real)};\n` +
      'export const { pageInput, pageLanguage, unknownPageUrl } = real;\n' +
      `export function render(request) { appendFileSync(${JSON.stringify(count)}, '.'); return real.render(request); }\n`,
  );
  return {
    dist: folder,
    renders: () => statSync(count).size,
    cleanup: () => rm(folder, { recursive: true, force: true }),
  };
}

describeEachDialect('unknown addresses', (dialect) => {
  let t: TestApp;
  let counted: Awaited<ReturnType<typeof countedRenders>>;
  beforeAll(async () => {
    counted = await countedRenders(build.dist);
    t = await buildTestApp({ dialect, env: { WEB_DIST: counted.dist, PUBLIC_URL: 'https://papo.example' } });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await counted?.cleanup();
  });

  it('answer the one 404 page, rendered once per language however many addresses are asked, naming none of them', async () => {
    withinOneHalfMinute();
    const unknown = () =>
      `/${randomBytes(4).toString('hex')}/${randomBytes(3).toString('hex')}${Math.random() < 0.5 ? '/mais' : ''}?r=${Math.random()}`;
    const before = counted.renders();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => page(t.app, unknown(), { 'accept-encoding': 'br' })),
    );
    for (let i = 0; i < 6; i += 1) answers.push(await page(t.app, unknown(), { 'accept-encoding': 'br' }));
    expect(counted.renders() - before).toBe(1);
    for (const answer of answers) {
      expect(answer.statusCode).toBe(404);
      expect(answer.rawPayload.equals(answers[0]!.rawPayload)).toBe(true);
    }
    const html = brotliDecompressSync(answers[0]!.rawPayload).toString();
    expect(html).toMatch(/<h1 data-testid="not-found"[^>]*>Página não encontrada<\/h1>/);
    expect(html.match(/<meta name="robots" content="noindex"\s?\/>/g)).toHaveLength(1);
    // the page is the same at every address, so it names none (the browser hydrates it wherever it is shown).
    for (const tag of ['rel="canonical"', 'property="og:url"', 'application/ld+json']) expect(html).not.toContain(tag);

    // Another language is another page, rendered once too.
    const english = [];
    for (let i = 0; i < 3; i += 1) english.push(await page(t.app, unknown(), { cookie: 'user-language=en' }));
    expect(counted.renders() - before).toBe(2);
    for (const answer of english) expect(answer.body).toMatch(/<h1 data-testid="not-found"[^>]*>Page not found<\/h1>/);

    // A page of the route table is rendered at its own address.
    const blog = await page(t.app, '/blog');
    expect(blog.statusCode).toBe(200);
    expect(blog.body).toContain('<link rel="canonical" href="https://papo.example/blog"/>');
    expect(counted.renders() - before).toBe(3);
  });

  it('answer the one 404 page for the unknown slugs of routes that have one: looked up, never rendered nor kept at their address', async () => {
    withinOneHalfMinute();
    // nothing kept from the test above: the shared page's one render per language is counted here.
    await t.app.caches.wrote([everySource]);
    const word = () => `w${randomBytes(5).toString('hex')}`;
    const unknownSlugs = () => [
      `/blog/${word()}`,
      `/lyrics/${word()}-${word()}`,
      `/lyrics/${900_000_000 + Math.floor(Math.random() * 1e6)}`,
      `/video/${randomBytes(8).toString('base64url').slice(0, 11)}`,
      `/shop/${word()}`,
      `/courses/${word()}`,
      `/person/${900_000_000 + Math.floor(Math.random() * 1e6)}`,
      `/person/${word()}`,
      `/${word()}`,
      `/${word()}?utm_source=${word()}`,
    ];
    const before = counted.renders();
    const br = { 'accept-encoding': 'br' };
    const unknown = await page(t.app, `/${word()}/${word()}`, br);
    expect(unknown.statusCode).toBe(404);
    const answers = await Promise.all(unknownSlugs().map(async (url) => ({ url, answer: await page(t.app, url, br) })));
    for (const url of [...unknownSlugs(), ...unknownSlugs()]) answers.push({ url, answer: await page(t.app, url, br) });
    for (const { url, answer } of answers) {
      expect(answer.statusCode, url).toBe(404);
      expect(answer.rawPayload.equals(unknown.rawPayload), url).toBe(true);
    }
    expect(counted.renders() - before).toBe(1);
    // Another language is its own 404 page, rendered once too.
    for (const url of unknownSlugs()) {
      const answer = await page(t.app, url, { cookie: 'user-language=fr' });
      expect(answer.statusCode, url).toBe(404);
      expect(answer.body, url).toMatch(/<h1 data-testid="not-found"[^>]*>Page introuvable<\/h1>/);
    }
    expect(counted.renders() - before).toBe(2);

    // A known article, channel and person are rendered at their own address, with their own canonical link.
    const { slug } = await publishArticle(t.app, { title: `Existe sim ${word()}` });
    const channel = word();
    await t.app.db.insertInto('channels').values({ name: channel, topic: 'Um canal que existe' }).execute();
    const tag = `Pessoa ${word()}`;
    const person = await t.app.db
      .insertInto('bio_entries')
      .values({ kind: 'event', tag, tag_key: tag.toLowerCase(), year: null, created_at: new Date().toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const url of [`/blog/${slug}`, `/${channel}`, `/person/${person.id}`]) {
      const answer = await page(t.app, url);
      expect(answer.statusCode, url).toBe(200);
      expect(answer.body, url).toContain(`<link rel="canonical" href="https://papo.example${url}"/>`);
    }
  });

  it('push no kept page out of memory however many are asked: a storm of random slugs keeps nothing', async () => {
    withinOneHalfMinute();
    const { slug } = await publishArticle(t.app, { title: `Guardado na tempestade ${randomBytes(3).toString('hex')}` });
    const url = `/blog/${slug}`;
    expect((await page(t.app, url)).statusCode).toBe(200);
    // more addresses than the rendered pages' cache holds (1,000, lib/shared-cache.ts).
    for (let i = 0; i < 1_100; i += 1)
      expect((await page(t.app, `/blog/w${randomBytes(6).toString('hex')}`)).statusCode).toBe(404);
    const before = counted.renders();
    expect((await page(t.app, url)).statusCode).toBe(200);
    expect(counted.renders() - before).toBe(0);
    // 1,100 not-found pages rendered one after another: seconds on an idle machine, more beside other suites.
  }, 60_000);

  it('show a page created at an address that answered 404 at once: nothing was kept for the address', async () => {
    withinOneHalfMinute();
    const word = `novo${randomBytes(4).toString('hex')}`;
    const title = `Chegou agora ${word}`;
    const articleUrl = `/blog/${slugify(title)}`;
    const channelUrl = `/${word}`;
    for (const url of [articleUrl, channelUrl]) expect((await page(t.app, url)).statusCode, url).toBe(404);

    // A channel founded behind the cache's back (no write through the API, so nothing is forgotten) is there at once.
    await t.app.db.insertInto('channels').values({ name: word, topic: 'Recém-fundado' }).execute();
    const channelPage = await page(t.app, channelUrl);
    expect(channelPage.statusCode).toBe(200);
    expect(channelPage.body).toContain(`#${word}</h1>`);
    // An article published at the slug that was missing.
    const { slug } = await publishArticle(t.app, { title });
    expect(`/blog/${slug}`).toBe(articleUrl);
    expect(await renderedTitle(t.app, articleUrl)).toBe(title);
    expect((await page(t.app, articleUrl)).statusCode).toBe(200);
  });
});
