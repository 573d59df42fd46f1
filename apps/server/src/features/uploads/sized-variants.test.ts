import { existsSync } from 'node:fs';
import path from 'node:path';
import { imageVariantWidths, sizedUploadPath } from '@papo/contract/image-variants';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeImage } from './images.js';
import { uploadsRoot } from './storage/open.js';
import { imageSlots } from './images.js';
import { buildTestApp, type TestApp } from '../../test/app.js';

describe('responsive WebP variants of uploads', () => {
  let t: TestApp;
  let key: string;
  beforeAll(async () => {
    t = await buildTestApp();
    const jpeg = await sharp({ create: { width: 1600, height: 840, channels: 3, background: '#2a6' } })
      .jpeg()
      .toBuffer();
    ({ key } = await storeImage(t.app.uploads, 'articles', jpeg, {
      maxBytes: 5_000_000,
      maxPixels: 40_000_000,
      formats: ['jpeg'],
      variantWidth: 480,
    }));
  });
  afterAll(() => t.close());

  it('makes the variant on its first request, as WebP of that width, and keeps it', async () => {
    const url = sizedUploadPath(400, key);
    const first = await t.app.inject({ method: 'GET', url });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/webp');
    expect(first.headers['cache-control']).toContain('immutable');
    expect(first.headers['x-content-type-options']).toBe('nosniff');
    expect(await sharp(first.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 400, height: 210 });
    expect(existsSync(path.join(uploadsRoot(t.app.config.DATA_DIR), 'sized', '400', `${key}.webp`))).toBe(true);
    const again = await t.app.inject({ method: 'GET', url });
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
  });

  it('makes the widest variant too, and answers 404 for a width it does not make, an unknown upload or a path that is not a key', async () => {
    const widest = await t.app.inject({ method: 'GET', url: sizedUploadPath(1200, key) });
    expect((await sharp(widest.rawPayload).metadata()).width).toBe(1200);
    for (const url of [
      `/uploads/sized/500/${key}.webp`,
      sizedUploadPath(400, 'articles/0123456789abcdef0123456789abcdef.jpg'),
      `/uploads/sized/400/${key}`,
      '/uploads/sized/400/..%2F..%2Fsecret/x.jpg.webp',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ message: 'not_found' });
    }
  });

  it('makes the variants asked at once in the image pool: never more than `imageSlots` resizes together (decision 032)', async () => {
    const originals = await Promise.all(
      ['#a26', '#26a', '#6a2'].map(async (background) => {
        const jpeg = await sharp({ create: { width: 2400, height: 1600, channels: 3, background } })
          .jpeg()
          .toBuffer();
        return (
          await storeImage(t.app.uploads, 'articles', jpeg, {
            maxBytes: 9_000_000,
            maxPixels: 40_000_000,
            formats: ['jpeg'],
            variantWidth: 480,
          })
        ).key;
      }),
    );
    let most = 0;
    let sampling = true;
    const sample = () => {
      most = Math.max(most, sharp.counters().process);
      if (sampling) setImmediate(sample);
    };
    sample();
    const answers = await Promise.all(
      originals.flatMap((key) =>
        imageVariantWidths.map((width) => t.app.inject({ method: 'GET', url: sizedUploadPath(width, key) })),
      ),
    );
    sampling = false;
    expect(answers.map((res) => res.statusCode)).toEqual(answers.map(() => 200));
    expect(most).toBeGreaterThan(0);
    expect(most).toBeLessThanOrEqual(imageSlots);
  });
});
