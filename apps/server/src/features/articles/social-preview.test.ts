import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseFeed } from 'htmlparser2';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { describeEachDialect } from '../../test/db.js';
import { publishArticle } from './test-support.js';
import { buildUser } from '../../test/users.js';

const indexHtml = `<!doctype html><html lang="pt"><head>
    <meta charset="UTF-8" />
    <meta name="description" content="Descrição padrão" />
    <title>Papo</title>
  </head><body><div id="root"></div></body></html>`;

const cover = 'articles/0123456789abcdef0123456789abcdef.webp';
const longText = `${'Palavra longa de texto corrido '.repeat(7)}fim.`;

describeEachDialect('social previews, feed, sitemap and robots', (dialect) => {
  let t: TestApp;
  let dist: string;
  let lyricId: number;

  beforeAll(async () => {
    dist = await mkdtemp(path.join(tmpdir(), 'papo-web-'));
    await writeFile(path.join(dist, 'index.html'), indexHtml);
    t = await buildTestApp({ dialect, env: { WEB_DIST: dist, PUBLIC_URL: 'https://papo.example' } });
    // the cover's file, so the feed's enclosure can say its size.
    await mkdir(path.join(t.dataDir, 'uploads', 'articles'), { recursive: true });
    await writeFile(path.join(t.dataDir, 'uploads', cover), Buffer.alloc(1234, 7));
    // a cover is a file of the image library, whose row knows its size (og:image:width and og:image:height).
    await t.app.db
      .insertInto('uploads')
      .values({
        key: cover,
        thumbnail: cover,
        width: 1200,
        height: 630,
        uploaded_by: null,
        created_at: new Date().toISOString(),
      })
      .execute();
    const author = await buildUser(t.app, { username: 'autora' });
    await publishArticle(t.app, { title: 'Festa <junina> & "quadrilha"', description: longText, cover }, author.id);
    await publishArticle(t.app, { title: 'Sem capa', content: '<p>Texto do artigo sem capa.</p>' });
    await publishArticle(t.app, { title: 'Rascunho', isPublished: false });
    lyricId = (
      await publishArticle(t.app, { title: 'Peixe vivo', isLyrics: true, content: '<p>Como pode o peixe vivo</p>' })
    ).id;
  });
  afterAll(async () => {
    await t?.close();
    await rm(dist, { recursive: true, force: true });
  });

  const page = async (url: string, headers: Record<string, string> = {}) => {
    const response = await t.app.inject({ url, headers });
    return { response, document: new JSDOM(response.body).window.document };
  };
  const meta = (document: Document, key: string) =>
    document.querySelector(`meta[property="${key}"], meta[name="${key}"]`)?.getAttribute('content');

  it('writes title, descriptions, canonical link, Open Graph, Twitter and JSON-LD for crawlers with */* and no Accept', async () => {
    const crawlers: Record<string, string>[] = [
      { accept: '*/*', range: 'bytes=0-524287' },
      {},
      { accept: 'text/html' },
    ];
    for (const headers of crawlers) {
      const { response, document } = await page('/blog/festa-junina-quadrilha', headers);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(document.title).toBe('Festa <junina> & "quadrilha" - Papo');
      expect(document.querySelectorAll('meta[name="description"]')).toHaveLength(1);
      const description = meta(document, 'description') ?? '';
      expect(description.length).toBeLessThanOrEqual(155);
      expect(description.endsWith('…')).toBe(true);
      expect((meta(document, 'og:description') ?? '').length).toBeLessThanOrEqual(200);
      expect(meta(document, 'og:title')).toBe('Festa <junina> & "quadrilha"');
      expect(meta(document, 'og:type')).toBe('article');
      expect(meta(document, 'og:url')).toBe('https://papo.example/blog/festa-junina-quadrilha');
      expect(meta(document, 'og:image')).toBe(`https://papo.example/uploads/${cover}`);
      expect([meta(document, 'og:image:width'), meta(document, 'og:image:height')]).toEqual(['1200', '630']);
      expect(meta(document, 'twitter:card')).toBe('summary_large_image');
      expect(meta(document, 'twitter:image')).toBe(`https://papo.example/uploads/${cover}`);
      expect(document.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
        'https://papo.example/blog/festa-junina-quadrilha',
      );
      const jsonLd = JSON.parse(document.querySelector('script[type="application/ld+json"]')?.textContent ?? '{}');
      expect(jsonLd).toMatchObject({
        '@type': 'Article',
        headline: 'Festa <junina> & "quadrilha"',
        image: [`https://papo.example/uploads/${cover}`],
        author: { name: 'Name of autora' },
        publisher: { name: 'Papo' },
      });
      expect(response.body).not.toContain('<junina>');
    }
  });

  it('answers HEAD like GET (Node leaves the body out on the socket)', async () => {
    const response = await t.app.inject({
      method: 'HEAD',
      url: '/blog/festa-junina-quadrilha',
      headers: { accept: '*/*' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect((await t.app.inject({ method: 'HEAD', url: '/blog/nao-existe' })).statusCode).toBe(404);
  });

  it("gives a lyric its preview at its slug, and sends its id's address and the wrong section there", async () => {
    const { response, document } = await page('/lyrics/peixe-vivo', { accept: '*/*' });
    expect(response.statusCode).toBe(200);
    expect(meta(document, 'og:title')).toBe('Peixe vivo');
    expect(meta(document, 'og:description')).toBe('Como pode o peixe vivo');
    expect(document.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
      'https://papo.example/lyrics/peixe-vivo',
    );
    // a lyric without a cover is shared with its own drawn card.
    expect(meta(document, 'og:image')).toBe('https://papo.example/media/share/lyrics/peixe-vivo.png');
    expect([
      meta(document, 'og:image:width'),
      meta(document, 'og:image:height'),
      meta(document, 'og:image:alt'),
    ]).toEqual(['1200', '630', 'Peixe vivo']);
    for (const [url, location] of [
      [`/lyrics/${lyricId}`, '/lyrics/peixe-vivo'],
      ['/blog/peixe-vivo', '/lyrics/peixe-vivo'],
      ['/lyrics/festa-junina-quadrilha', '/blog/festa-junina-quadrilha'],
    ]) {
      const moved = (await page(url ?? '', { accept: '*/*' })).response;
      expect(moved.statusCode, url).toBe(301);
      expect(moved.headers.location, url).toBe(location);
    }
  });

  it('answers the app’s 404 page for unknown and unpublished slugs', async () => {
    // `/blog/UPPER` is spelled `/blog/upper` first (301, ssr/redirects.ts), which is then unknown.
    expect((await page('/blog/UPPER', { accept: '*/*' })).response.headers.location).toBe('/blog/upper');
    for (const url of ['/blog/nao-existe', '/blog/rascunho', '/blog/upper']) {
      const { response, document } = await page(url, { accept: '*/*' });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(document.getElementById('root')).not.toBeNull();
      expect(meta(document, 'robots')).toBe('noindex');
    }
  });

  it('answers HTML to crawlers on every client route and JSON to calls and missing files', async () => {
    const crawlers: Record<string, string>[] = [{ accept: '*/*' }, {}];
    for (const headers of crawlers) {
      const { response } = await page('/channels', headers);
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<title>Papo</title>');
    }
    for (const [url, accept] of [
      ['/api/nope', '*/*'],
      ['/assets/missing.js', '*/*'],
      ['/blog', 'application/json'],
    ]) {
      const response = await t.app.inject({ url, headers: { accept } });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ message: 'not_found' });
    }
  });

  it('publishes RSS 2.0 feeds of the newest articles and lyrics, read alike by two parsers', async () => {
    const response = await t.app.inject({ url: '/blog/rss.xml' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/rss\+xml/);
    // An XML parser (jsdom's, strict: a malformed feed is a parse error document).
    const { document } = new JSDOM(response.body, { contentType: 'application/xml' }).window;
    expect(document.querySelector('parsererror')).toBeNull();
    const titles = [...document.querySelectorAll('item > title')].map((e) => e.textContent);
    expect(titles).toEqual(['Sem capa', 'Festa <junina> & "quadrilha"']);
    expect(document.querySelector('item > link')?.textContent).toBe('https://papo.example/blog/sem-capa');
    const enclosures = [...document.querySelectorAll('item > enclosure')];
    expect(enclosures.map((e) => [e.getAttribute('url'), e.getAttribute('type'), e.getAttribute('length')])).toEqual([
      [`https://papo.example/uploads/${cover}`, 'image/webp', '1234'],
    ]);
    const encoded = document.getElementsByTagNameNS('http://purl.org/rss/1.0/modules/content/', 'encoded');
    expect(encoded[0]?.textContent).toBe('<p>Texto do artigo sem capa.</p>');
    // A feed parser (htmlparser2's, as feed readers use it): the same items, links and dates.
    const feed = parseFeed(response.body, { xmlMode: true });
    expect(feed?.type).toBe('rss');
    expect(feed?.items.map((item) => [item.title, item.link])).toEqual([
      ['Sem capa', 'https://papo.example/blog/sem-capa'],
      ['Festa <junina> & "quadrilha"', 'https://papo.example/blog/festa-junina-quadrilha'],
    ]);
    expect(feed?.items.every((item) => item.pubDate instanceof Date && !Number.isNaN(item.pubDate.getTime()))).toBe(
      true,
    );

    const lyrics = parseFeed((await t.app.inject({ url: '/lyrics/rss.xml' })).body, { xmlMode: true });
    expect(lyrics?.title).toMatch(/^Letras - /);
    expect(lyrics?.items.map((item) => item.link)).toEqual(['https://papo.example/lyrics/peixe-vivo']);
  });

  it('sends the sitemap and the feeds compressed, with an ETag that answers 304', async () => {
    for (const url of ['/sitemap.xml', '/blog/rss.xml', '/lyrics/rss.xml']) {
      const plain = await t.app.inject({ url });
      const etag = plain.headers.etag as string;
      expect(etag, url).toMatch(/^"[\w-]+"$/);
      expect((await t.app.inject({ url, headers: { 'if-none-match': etag } })).statusCode, url).toBe(304);
      const zipped = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
      if (plain.rawPayload.length < 1024) continue;
      expect(zipped.headers['content-encoding'], url).toBe('gzip');
      expect(zipped.headers.vary, url).toContain('accept-encoding');
      expect(zipped.headers.etag, url).not.toBe(etag);
      expect(
        (
          await t.app.inject({
            url,
            headers: { 'accept-encoding': 'gzip', 'if-none-match': zipped.headers.etag as string },
          })
        ).statusCode,
      ).toBe(304);
    }
  });

  it('lists every public page and published article in the sitemap', async () => {
    const response = await t.app.inject({ url: '/sitemap.xml' });
    expect(response.statusCode).toBe(200);
    const { document } = new JSDOM(response.body, { contentType: 'application/xml' }).window;
    const locs = [...document.querySelectorAll('loc')].map((e) => e.textContent);
    expect(locs).toEqual(
      expect.arrayContaining([
        'https://papo.example/',
        'https://papo.example/blog',
        'https://papo.example/lyrics',
        'https://papo.example/irc',
        'https://papo.example/blog/sem-capa',
        'https://papo.example/blog/festa-junina-quadrilha',
        'https://papo.example/lyrics/peixe-vivo',
      ]),
    );
    expect(locs).not.toContain('https://papo.example/blog/rascunho');
    // Every video the videos page shows is listed, and every article with its last change as a W3C datetime.
    expect(locs.some((loc) => /^https:\/\/papo\.example\/video\/[\w-]{11}$/.test(loc ?? ''))).toBe(true);
    const articles = [...document.querySelectorAll('url')].filter((url) =>
      /\/(blog|lyrics)\//.test(url.querySelector('loc')?.textContent ?? ''),
    );
    expect(articles.length).toBe(3);
    for (const url of articles)
      expect(url.querySelector('lastmod')?.textContent).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  it('lists stores and people with their last change, which moves with a change of the row or of a store slot', async () => {
    const created = '2026-01-01T10:00:00.000Z';
    const { id: storeId } = await t.app.db
      .insertInto('stores')
      .values({
        kind: 'shop',
        name: 'Loja do mapa',
        slug: 'loja-do-mapa',
        country: 'br',
        category_id: null,
        owner_id: null,
        is_published: 1,
        cover: null,
        article_id: null,
        created_at: created,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { id: personId } = await t.app.db
      .insertInto('bio_entries')
      .values({ kind: 'event', tag: 'Pessoa do mapa', tag_key: 'pessoa do mapa', year: null, created_at: created })
      .returning('id')
      .executeTakeFirstOrThrow();
    const lastmods = async () => {
      const { document } = new JSDOM((await t.app.inject({ url: '/sitemap.xml' })).body, {
        contentType: 'application/xml',
      }).window;
      const of = (loc: string) =>
        [...document.querySelectorAll('url')]
          .find((url) => url.querySelector('loc')?.textContent === loc)
          ?.querySelector('lastmod')?.textContent;
      return {
        store: of('https://papo.example/shop/loja-do-mapa'),
        person: of(`https://papo.example/person/${personId}`),
      };
    };
    expect(await lastmods()).toEqual({ store: created, person: created });

    await t.app.db
      .insertInto('store_items')
      .values({ store_id: storeId, position: 0, image: 'stores/a.webp', thumbnail: 'stores/a.webp', action_url: null })
      .execute();
    await t.app.db
      .updateTable('bio_entries')
      .set({ description: 'Agora com descrição.' })
      .where('id', '=', personId)
      .execute();
    const changed = await lastmods();
    for (const lastmod of Object.values(changed)) expect(lastmod! > created, lastmod).toBe(true);
    expect(changed.store).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);

    await t.app.db.deleteFrom('store_items').where('store_id', '=', storeId).execute();
    await t.app.db.updateTable('stores').set({ updated_at: created }).where('id', '=', storeId).execute();
    expect((await lastmods()).store, 'a write of updated_at alone is no change').toBe(created);
    await t.app.db.updateTable('stores').set({ name: 'Loja do mapa, nova' }).where('id', '=', storeId).execute();
    expect((await lastmods()).store! > created).toBe(true);
  });

  it('keeps crawlers out of member and staff routes and points them at the sitemap', async () => {
    const response = await t.app.inject({ url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    for (const line of [
      'Disallow: /editor',
      'Disallow: /profile',
      'Disallow: /pvt/',
      'Disallow: /newsPicker',
      'Sitemap: https://papo.example/sitemap.xml',
    ]) {
      expect(response.body).toContain(line);
    }
    expect(response.body).not.toMatch(/^Disallow: \/uploads/m);
  });
});
