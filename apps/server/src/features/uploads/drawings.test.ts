import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openUploadStorage } from './storage/open.js';
import { storeImage, type ImageRules } from './images.js';
import type { UploadStorage } from './storage/storage.js';
import { drawing, storeDrawnImage } from './drawings.js';

const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="200"><rect width="100%" height="100%" fill="hsl(200, 60%, 40%)"/>
  <text x="20" y="120" font-family="DejaVu Sans, sans-serif" font-size="32" fill="#ffffff">Papo</text></svg>`;
const rules: ImageRules = { formats: ['png'], maxBytes: 1_000_000, maxPixels: 1_000_000, variantWidth: 160 };

describe('demo drawings, made once and kept', () => {
  // a cache folder of the test's own, so the first call below really draws and stores.
  let dir: string;
  let cacheDir: string;
  let storage: UploadStorage;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'papo-drawings-'));
    cacheDir = path.join(dir, 'cache');
    storage = openUploadStorage({ DATA_DIR: dir, UPLOADS_TIMEOUT_MS: 10_000 });
  });
  afterAll(async () => {
    await storage.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('answer the bytes sharp draws, then the kept file without drawing again', async () => {
    const direct = await sharp(Buffer.from(svg)).webp({ quality: 80 }).toBuffer();
    expect(await drawing(svg, { format: 'webp', quality: 80 }, cacheDir)).toEqual(direct);
    const files = await readdir(cacheDir);
    expect(files).toHaveLength(1);
    expect(await drawing(svg, { format: 'webp', quality: 80 }, cacheDir)).toEqual(direct);
    // The kept file is what a later seed reads (hence a cache only the code's owner can write).
    const marked = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#ff0000' } })
      .webp()
      .toBuffer();
    await writeFile(path.join(cacheDir, files[0] ?? ''), marked);
    expect(await drawing(svg, { format: 'webp', quality: 80 }, cacheDir)).toEqual(marked);
    // Another encoding is another recipe.
    expect(await sharp(await drawing(svg, { format: 'png' }, cacheDir)).metadata()).toMatchObject({
      format: 'png',
      width: 320,
      height: 200,
    });
    expect(await readdir(cacheDir)).toHaveLength(2);
  });

  it('store a drawn picture as the upload pipeline does, under a new name each time', async () => {
    const picture = await drawing(svg, { format: 'png' }, cacheDir);
    const expected = await storeImage(storage, 'stores', picture, rules);
    const first = await storeDrawnImage(storage, 'stores', picture, rules, cacheDir);
    expect(await readdir(cacheDir)).toHaveLength(4);
    const second = await storeDrawnImage(storage, 'stores', picture, rules, cacheDir);
    const keys = [expected, first, second].flatMap((s) => [s.key, s.thumbnail]);
    expect(new Set(keys).size).toBe(6);
    for (const stored of [first, second]) {
      expect(stored).toMatchObject({ width: expected.width, height: expected.height });
      expect(stored.key).toMatch(/^stores\/[0-9a-f]+\.png$/);
      expect((await storage.get(stored.key))?.body).toEqual((await storage.get(expected.key))?.body);
      const variant = await storage.get(stored.thumbnail);
      expect(variant?.contentType).toBe('image/webp');
      expect(variant?.body).toEqual((await storage.get(expected.thumbnail))?.body);
    }
  });
});
