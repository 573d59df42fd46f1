import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.js';

const indexHtml = `<!doctype html><html lang="pt"><head>
    <meta charset="UTF-8" />
    <meta name="description" content="Descrição padrão" />
    <title>Papo</title>
  </head><body><div id="root"></div></body></html>`;

describe('social preview of /video/{slug}', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = await mkdtemp(path.join(tmpdir(), 'papo-web-'));
    await writeFile(path.join(dist, 'index.html'), indexHtml);
    t = await buildTestApp({ env: { WEB_DIST: dist, PUBLIC_URL: 'https://papo.example' } });
  });
  afterAll(async () => {
    await t?.close();
    await rm(dist, { recursive: true, force: true });
  });

  const meta = (document: Document, key: string) =>
    document.querySelector(`meta[property="${key}"], meta[name="${key}"]`)?.getAttribute('content');

  it('writes the title, cut descriptions, the drawn card of the video and its absolute URL for crawlers with */* and no Accept', async () => {
    for (const headers of [{ accept: '*/*' }, {}, { accept: 'text/html' }] as Record<string, string>[]) {
      const response = await t.app.inject({ url: '/video/Y-rmzh0PI3c', headers });
      expect(response.statusCode).toBe(200);
      const { document } = new JSDOM(response.body).window;
      expect(document.title).toBe('Cosmos Laundromat - Papo');
      expect(meta(document, 'og:title')).toBe('Cosmos Laundromat');
      expect((meta(document, 'description') ?? '').length).toBeLessThanOrEqual(155);
      expect(meta(document, 'og:description')).toMatch(/^Uma ovelha desiludida/);
      expect((meta(document, 'og:description') ?? '').length).toBeLessThanOrEqual(200);
      expect(meta(document, 'og:image')).toBe('https://papo.example/media/share/videos/Y-rmzh0PI3c.png');
      expect([
        meta(document, 'og:image:width'),
        meta(document, 'og:image:height'),
        meta(document, 'og:image:alt'),
      ]).toEqual(['1200', '630', 'Cosmos Laundromat']);
      expect(meta(document, 'twitter:image')).toBe('https://papo.example/media/share/videos/Y-rmzh0PI3c.png');
      expect(meta(document, 'og:url')).toBe('https://papo.example/video/Y-rmzh0PI3c');
    }
  });

  it('answers the 404 page for a video that does not exist or a malformed id', async () => {
    for (const url of ['/video/AAAAAAAAAAA', '/video/short', '/video/%3Cscript%3E']) {
      const response = await t.app.inject({ url, headers: { accept: 'text/html' } });
      expect(response.statusCode, url).toBe(404);
    }
  });
});
