import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { imageVariantWidths } from '@papo/contract/image-variants';
import type { FastifyBaseLogger } from 'fastify';
import { contentTypeOf, isUploadKey, sizedKey, type UploadStorage } from './storage/storage.js';

/** Where uploads are served: every stored object's public path starts here. */
export const uploadsPrefix = '/uploads/';

/** Public path of a stored upload. */
export function uploadUrl(key: string): string {
  return `${uploadsPrefix}${key}`;
}

/** Writes a new object under `folder` with a random name; answers its key (`folder/name.ext`). */
export async function storeUpload(
  storage: UploadStorage,
  folder: string,
  data: Buffer,
  extension: string,
): Promise<string> {
  const key = `${folder}/${randomBytes(16).toString('hex')}.${extension}`;
  if (!isUploadKey(key)) throw new Error(`not an upload key: ${key}`);
  await storage.put(key, data, contentTypeOf(key));
  return key;
}

/**
 * Removes a stored upload and every variant made of it (its list variant, its responsive sizes); a key of another
 * shape or an object already gone is ignored.
 */
export async function removeUpload(storage: UploadStorage, key: string): Promise<void> {
  if (!isUploadKey(key)) return;
  const thumbnail = variantKey(key);
  const related = [
    ...imageVariantWidths.map((width) => sizedKey(width, key)),
    ...(key === thumbnail ? [] : [thumbnail, ...imageVariantWidths.map((width) => sizedKey(width, thumbnail))]),
  ];
  // the original goes last, so a removal cut short leaves it findable (and swept) rather than orphaned variants.
  await Promise.all(related.map((variant) => storage.delete(variant)));
  await storage.delete(key);
}

/** Folder of the list variants; a variant has its original's random name, so one key gives the other. */
const variantFolder = 'thumbs';

/** The key of the list variant of an upload stored by `storeImage`. */
export function variantKey(key: string): string {
  return `${variantFolder}/${path.basename(key, path.extname(key))}.webp`;
}

/** Removes uploads nothing refers to any more, with their variants; a failure is only logged (the sweep retries). */
export async function removeUnused(
  storage: UploadStorage,
  keys: Iterable<string | null | undefined>,
  log: FastifyBaseLogger,
): Promise<void> {
  for (const key of new Set(keys)) {
    if (!key) continue;
    await removeUpload(storage, key).catch((error: unknown) =>
      log.warn({ err: error, key }, 'unused upload not removed (the sweep removes it)'),
    );
  }
}
