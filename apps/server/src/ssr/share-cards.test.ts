import { roles } from '@papo/contract/auth';
import { JSDOM } from 'jsdom';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { publishArticle } from '../features/articles/test-support.js';
import { buildTestApp, type TestApp } from '../test/app.js';
import { pageCards } from '../lib/share-card.js';
import { describeEachDialect } from '../test/db.js';
import { buildUser } from '../test/users.js';
import { useWebBuild } from '../test/web-build.js';

/*
 * Shares that look right: every page type's server-rendered head names a 1200×630 card with its size and alt text,
 * and the card it names is a 1200×630 picture — the site's for the site's pages, a drawn one of its own for a lyric,
 * a store and a video, drawn once per version of what it shows.
 */
const build = useWebBuild();

describeEachDialect('share cards', (dialect) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp({ dialect, env: { WEB_DIST: build.dist, PUBLIC_URL: 'https://papo.example' } });
    const staff = await buildUser(t.app, { username: 'vitrinista', roles: [roles.user, roles.moderator] });
    await publishArticle(
      t.app,
      {
        title: 'Sapo cururu',
        isLyrics: true,
        content: '<p>Sapo cururu<br>Na beira do rio</p><p>Quando o sapo canta, ó maninha<br>É porque tem frio</p>',
      },
      staff.id,
    );
    const categoryId = (await t.app.inject({ url: '/api/album-categories', headers: staff.headers })).json()[0].id;
    const shop = (
      await t.app.inject({
        method: 'POST',
        url: '/api/album/add',
        headers: staff.headers,
        payload: { name: 'Loja da Praia', country: 'br', category: categoryId },
      })
    ).json() as { id: number };
    await t.app.inject({
      method: 'POST',
      url: '/api/save-publish-state',
      headers: staff.headers,
      payload: { album_id: shop.id, is_published: true },
    });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  const head = async (url: string) => {
    const response = await t.app.inject({ url, headers: { accept: 'text/html' } });
    const document = new JSDOM(response.body).window.document;
    const meta = (key: string) =>
      [...document.querySelectorAll(`meta[property="${key}"], meta[name="${key}"]`)].map((tag) =>
        tag.getAttribute('content'),
      );
    return { status: response.statusCode, meta };
  };
  const pictureSize = async (absolute: string) => {
    const response = await t.app.inject({ url: new URL(absolute).pathname });
    expect(response.statusCode, absolute).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const metadata = await sharp(response.rawPayload).metadata();
    return [metadata.width, metadata.height];
  };

  it('names a 1200×630 card with its size and alt on every page type, and the card is that size', async () => {
    const pages: [string, number, string, string][] = [
      ['/', 200, 'https://papo.example/media/share/pages/home.png', ''],
      ['/nada-por-aqui', 404, 'https://papo.example/media/share/pages/404.png', ''],
      ['/irc', 200, 'https://papo.example/media/share/pages/irc.png', ''],
      ['/sobre-nos', 200, 'https://papo.example/media/share/pages/sobre-nos.png', ''],
      ['/lyrics/sapo-cururu', 200, 'https://papo.example/media/share/lyrics/sapo-cururu.png', 'Sapo cururu'],
      ['/shop/loja-da-praia', 200, 'https://papo.example/media/share/stores/loja-da-praia.png', 'Loja da Praia'],
      ['/video/Y-rmzh0PI3c', 200, 'https://papo.example/media/share/videos/Y-rmzh0PI3c.png', 'Cosmos Laundromat'],
    ];
    for (const [url, status, image, alt] of pages) {
      const page = await head(url);
      expect(page.status, url).toBe(status);
      expect(page.meta('og:image'), url).toEqual([image]);
      expect([...page.meta('og:image:width'), ...page.meta('og:image:height')], url).toEqual(['1200', '630']);
      const [imageAlt] = page.meta('og:image:alt');
      if (alt) expect(imageAlt, url).toBe(alt);
      else expect(imageAlt?.length, url).toBeGreaterThan(0);
      expect(page.meta('twitter:card'), url).toEqual(['summary_large_image']);
      expect(await pictureSize(image), url).toEqual([1200, 630]);
    }
    // seven pages rendered, and the site pages' cards render their page again to read its title.
  }, 60_000);

  it('draws a site page’s card from the page itself: the site’s name, the page’s title and its description', async () => {
    const cards = pageCards(t.app);
    for (const [name, url] of [
      ['home', '/'],
      ['irc', '/irc'],
      ['sobre-nos', '/sobre-nos'],
      ['404', '/nada-por-aqui'],
    ] as const) {
      const page = await head(url);
      expect(await cards(name), name).toEqual({
        label: 'Papo',
        title: page.meta('og:title')[0],
        text: page.meta('og:description')[0],
      });
    }
    expect(await cards('irc')).toMatchObject({ title: 'Papo no IRC' });
    // Not a page of the site, or not one of its own pages: no card.
    for (const name of ['nada-por-aqui', 'IRC', 'autor/x', '..']) expect(await cards(name), name).toBeNull();
    expect((await t.app.inject({ url: '/media/share/pages/nada-por-aqui.png' })).statusCode).toBe(404);
  });

  it('draws a card once per version: the same ETag and a 304 while the page is unchanged, a new one after an edit', async () => {
    const first = await t.app.inject({ url: '/media/share/lyrics/sapo-cururu.png' });
    const etag = String(first.headers.etag);
    expect(
      (await t.app.inject({ url: '/media/share/lyrics/sapo-cururu.png', headers: { 'if-none-match': etag } }))
        .statusCode,
    ).toBe(304);
    await t.app.db
      .updateTable('articles')
      .set({ title: 'Sapo cururu (cantiga)' })
      .where('slug', '=', 'sapo-cururu')
      .execute();
    const edited = await t.app.inject({
      url: '/media/share/lyrics/sapo-cururu.png',
      headers: { 'if-none-match': etag },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.headers.etag).not.toBe(etag);
  });

  it('has no card for an unknown or unpublished page', async () => {
    for (const url of [
      '/media/share/lyrics/nada.png',
      '/media/share/stores/nada.png',
      '/media/share/videos/AAAAAAAAAAA.png',
      '/media/share/videos/curto.png',
      '/media/share/outra/sapo-cururu.png',
      '/media/share/lyrics/sapo-cururu.jpg',
    ]) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toEqual({ message: 'not_found' });
    }
  });
});
