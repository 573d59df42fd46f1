import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { packIco } from './icons.js';
import { manifestIcons } from './routes.js';

interface Manifest {
  id: string;
  name: string;
  short_name: string;
  description: string;
  lang: string;
  start_url: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose: string }[];
}

describe('installable: manifest and icons', () => {
  const t = useTestApp();

  it('answers a web app manifest with every member an install needs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
    const manifest = res.json() as Manifest;
    expect(manifest).toMatchObject({
      name: 'Papo',
      short_name: 'Papo',
      lang: 'pt-BR',
      start_url: '/',
      display: 'standalone',
      theme_color: '#047857',
    });
    expect(manifest.description.length).toBeGreaterThan(20);
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/);
    const sizes = (purpose: string) =>
      manifest.icons.filter((icon) => icon.purpose === purpose).map((icon) => icon.sizes);
    expect(sizes('any')).toEqual(['192x192', '512x512']);
    expect(sizes('maskable')).toEqual(['192x192', '512x512']);
  });

  it.each(manifestIcons.map((icon) => [icon.src, Number(icon.sizes.split('x')[0])] as const))(
    'draws %s as a %i px PNG, kept and revalidated',
    async (src, size) => {
      const res = await t.app.inject({ method: 'GET', url: src });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      const meta = await sharp(res.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['png', size, size]);
      expect(res.headers['cache-control']).toBe('public, max-age=86400');
      const again = await t.app.inject({
        method: 'GET',
        url: src,
        headers: { 'if-none-match': String(res.headers.etag) },
      });
      expect(again.statusCode).toBe(304);
    },
  );

  it('fills a maskable icon to its corners and rounds the others', async () => {
    const corner = async (src: string) => {
      const { data } = await sharp((await t.app.inject({ method: 'GET', url: src })).rawPayload)
        .raw()
        .toBuffer({ resolveWithObject: true });
      return [...data.subarray(0, 4)];
    };
    expect(await corner('/icons/maskable-192.png')).toEqual([4, 120, 87, 255]);
    expect((await corner('/icons/icon-192.png'))[3]).toBe(0);
  });

  it('answers /favicon.ico as an icon file of 16, 32 and 48 px images, and an Apple touch icon of 180 px', async () => {
    const ico = await t.app.inject({ method: 'GET', url: '/favicon.ico' });
    expect(ico.statusCode).toBe(200);
    expect(ico.headers['content-type']).toBe('image/x-icon');
    const body = ico.rawPayload;
    expect([body.readUInt16LE(0), body.readUInt16LE(2), body.readUInt16LE(4)]).toEqual([0, 1, 3]);
    const sizes = [0, 1, 2].map((i) => body.readUInt8(6 + 16 * i));
    expect(sizes).toEqual([16, 32, 48]);
    for (let i = 0; i < 3; i += 1) {
      const length = body.readUInt32LE(6 + 16 * i + 8);
      const offset = body.readUInt32LE(6 + 16 * i + 12);
      const meta = await sharp(body.subarray(offset, offset + length)).metadata();
      expect([meta.format, meta.width]).toEqual(['png', sizes[i]]);
    }
    const apple = await t.app.inject({ method: 'GET', url: '/apple-touch-icon.png' });
    expect((await sharp(apple.rawPayload).metadata()).width).toBe(180);
    const svg = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(svg.headers['content-type']).toBe('image/svg+xml');
    expect(svg.body).toContain('#047857');
  });

  it('packs a 256 px image with the size written as 0, as the format says', () => {
    const ico = packIco([{ size: 256, png: Buffer.from('x') }]);
    expect([ico.readUInt8(6), ico.readUInt8(7), ico.readUInt32LE(14), ico.readUInt32LE(18)]).toEqual([0, 0, 1, 22]);
  });
});
