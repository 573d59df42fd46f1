import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { storeImage, type ImageRules, type StoredImage } from './images.js';
import { storeUpload, variantKey } from './objects.js';
import type { UploadStorage } from './storage/storage.js';

/** How a drawing is encoded; part of its recipe, so another setting never reads an old file. */
export type DrawingFormat = { format: 'png' } | { format: 'webp'; quality: number };

/*
 * The demo content's pictures are SVG drawn by sharp, and encoding them (WebP above all, then the upload pipeline's
 * re-encoding) was most of a demo seed's time: each test app, each e2e server and each first `npm start` made the same
 * ~220 images again. They are kept here by a hash of their recipe (the SVG or input bytes, the settings and the
 * versions of sharp and its libraries; not the system's fonts), so each is made once per checkout. Under
 * node_modules, which only whoever may change the code can write: a cached file is stored and served as it is, so it
 * must not come from anywhere less trusted (a shared temp folder would). The cache is only a shortcut: a folder that
 * cannot be read or written means making them again.
 */
const defaultCacheDir = fileURLToPath(
  new URL('../../../../../node_modules/.cache/papo-demo-drawings/', import.meta.url),
);

function recipeKey(settings: unknown, input: string | Buffer): string {
  return createHash('sha256')
    .update(JSON.stringify([sharp.versions, settings]))
    .update(input)
    .digest('hex');
}

async function keep(cacheDir: string, name: string, data: Buffer): Promise<void> {
  const file = path.join(cacheDir, name);
  // written aside and renamed into place, so a process reading at the same time never sees half a file.
  const partial = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    await mkdir(cacheDir, { recursive: true });
    await writeFile(partial, data);
    await rename(partial, file);
  } catch {
    await rm(partial, { force: true }).catch(() => undefined);
  }
}

const kept = (cacheDir: string, name: string): Promise<Buffer | null> =>
  readFile(path.join(cacheDir, name)).catch(() => null);

/** The SVG `svg` drawn by sharp in `encoding`, from the cache (`cacheDir`, a test's own) when it was drawn before. */
export async function drawing(svg: string, encoding: DrawingFormat, cacheDir = defaultCacheDir): Promise<Buffer> {
  const name = `${recipeKey(encoding, svg)}.${encoding.format}`;
  const cached = await kept(cacheDir, name);
  if (cached) return cached;
  const image = sharp(Buffer.from(svg));
  const drawn = await (encoding.format === 'png' ? image.png() : image.webp({ quality: encoding.quality })).toBuffer();
  await keep(cacheDir, name, drawn);
  return drawn;
}

const extensions: Partial<Record<string, string>> = { png: 'png', jpeg: 'jpg', webp: 'webp' };

/**
 * `storeImage` for a drawn picture: the first time through the upload pipeline itself, whose cleaned original and
 * list variant are then kept; later, those two are stored again under a new name, as `storeImage` names them.
 */
export async function storeDrawnImage(
  storage: UploadStorage,
  folder: string,
  picture: Buffer,
  rules: ImageRules,
  cacheDir = defaultCacheDir,
): Promise<StoredImage> {
  const key = recipeKey(rules, picture);
  const [original, variant] = await Promise.all([kept(cacheDir, `${key}.original`), kept(cacheDir, `${key}.variant`)]);
  const { format, width, height } = original ? await sharp(original).metadata() : {};
  const extension = format && extensions[format];
  if (original && variant && extension && width && height) {
    const stored = await storeUpload(storage, folder, original, extension);
    const thumbnail = variantKey(stored);
    await storage.put(thumbnail, variant, 'image/webp');
    return { key: stored, thumbnail, width, height };
  }
  const stored = await storeImage(storage, folder, picture, rules);
  const [storedOriginal, storedVariant] = await Promise.all([storage.get(stored.key), storage.get(stored.thumbnail)]);
  if (storedOriginal && storedVariant) {
    await keep(cacheDir, `${key}.original`, storedOriginal.body);
    await keep(cacheDir, `${key}.variant`, storedVariant.body);
  }
  return stored;
}
