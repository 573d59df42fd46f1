import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { roles } from '@papo/contract/auth';
import { JSDOM } from 'jsdom';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { describeEachDialect } from '../../test/db.js';
import { multipartBody } from '../../test/multipart.js';
import { buildUser } from '../../test/users.js';

const indexHtml = `<!doctype html><html lang="pt"><head><meta charset="UTF-8" /><title>Papo</title></head><body><div id="root"></div></body></html>`;

describeEachDialect('social previews of shops and course stores', (dialect) => {
  let t: TestApp;
  let dist: string;
  let headers: Record<string, string>;

  const add = async (url: string, payload: Record<string, unknown>) =>
    (await t.app.inject({ method: 'POST', url, headers, payload })).json() as { id: number; slug: string };
  const picture = async (albumId: number, position: number) => {
    const data = await sharp({ create: { width: 80, height: 40, channels: 3, background: '#a52' } })
      .png()
      .toBuffer();
    const body = multipartBody({
      fields: { album_id: String(albumId), position: String(position) },
      files: [{ field: 'album_picture', filename: 'p.png', type: 'image/png', data }],
    });
    return (
      await t.app.inject({
        method: 'POST',
        url: '/api/upload-album-picture',
        headers: { ...headers, ...body.headers },
        payload: body.payload,
      })
    ).json().imageUrl as string;
  };
  const publish = (albumId: number) =>
    t.app.inject({
      method: 'POST',
      url: '/api/save-publish-state',
      headers,
      payload: { album_id: albumId, is_published: true },
    });

  beforeAll(async () => {
    dist = await mkdtemp(path.join(tmpdir(), 'papo-web-'));
    await writeFile(path.join(dist, 'index.html'), indexHtml);
    t = await buildTestApp({ dialect, env: { WEB_DIST: dist, PUBLIC_URL: 'https://papo.example' } });
    headers = (await buildUser(t.app, { username: 'vitrinista', roles: [roles.user, roles.moderator] })).headers;
    const categoryId = (await t.app.inject({ method: 'GET', url: '/api/album-categories', headers })).json()[0].id;
    const shop = await add('/api/album/add', { name: 'Loja da Praia', country: 'br', category: categoryId });
    await picture(shop.id, 5);
    await picture(shop.id, 1);
    await publish(shop.id);
    const course = await add('/api/courseStore/add', { name: 'Curso de Cavaquinho', country: 'pt' });
    await publish(course.id);
    await add('/api/album/add', { name: 'Loja Rascunho', country: 'br', category: categoryId });
  });
  afterAll(async () => {
    await t?.close();
    await rm(dist, { recursive: true, force: true });
  });

  const page = async (url: string) => {
    const response = await t.app.inject({ url, headers: { accept: '*/*' } });
    return { response, document: new JSDOM(response.body).window.document };
  };
  const meta = (document: Document, key: string) =>
    document.querySelector(`meta[property="${key}"], meta[name="${key}"]`)?.getAttribute('content');

  it('serves /shop/{slug} with title, description, its drawn card as og:image and the absolute URL', async () => {
    const { response, document } = await page('/shop/loja-da-praia');
    expect(response.statusCode).toBe(200);
    expect(meta(document, 'og:title')).toBe('Loja da Praia');
    // the store's drawn card (1200×630), not its first product's picture, which is square or any shape.
    expect(meta(document, 'og:image')).toBe('https://papo.example/media/share/stores/loja-da-praia.png');
    expect([
      meta(document, 'og:image:width'),
      meta(document, 'og:image:height'),
      meta(document, 'og:image:alt'),
    ]).toEqual(['1200', '630', 'Loja da Praia']);
    expect(meta(document, 'og:url')).toBe('https://papo.example/shop/loja-da-praia');
    expect(meta(document, 'og:description')).toContain('Loja da Praia');
  });

  it('serves /courses/{slug}, without an image when the store has none', async () => {
    const { response, document } = await page('/courses/curso-de-cavaquinho');
    expect(response.statusCode).toBe(200);
    expect(meta(document, 'og:title')).toBe('Curso de Cavaquinho');
    expect(meta(document, 'og:url')).toBe('https://papo.example/courses/curso-de-cavaquinho');
  });

  it('answers 404 with noindex for unpublished or unknown stores', async () => {
    // a slug in capitals is spelled in lower case first (301, ssr/redirects.ts); `mal_formado` is no slug at all.
    for (const url of ['/shop/loja-rascunho', '/shop/nada-aqui', '/courses/mal_formado']) {
      const { response, document } = await page(url);
      expect(response.statusCode, url).toBe(404);
      expect(meta(document, 'robots')).toBe('noindex');
    }
  });
});
