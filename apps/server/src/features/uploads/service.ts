import { uploadLimits, type UploadedFile } from '@papo/contract/editor';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { removeUpload } from './objects.js';
import { storeImage, type ImageRules, type StoredImage } from './images.js';
import type { UploadStorage } from './storage/storage.js';
import { recordUpload } from './repo.js';

/** The image library's rules (public-site §5, §9): JPEG or PNG. */
export const libraryRules: ImageRules = {
  formats: ['jpeg', 'png'],
  maxBytes: uploadLimits.bytes,
  maxPixels: uploadLimits.pixels,
  variantWidth: uploadLimits.variantWidth,
};

/** Where library images are stored under DATA_DIR/uploads. */
export const libraryFolder = 'library';

/**
 * Stores an image in the staff library (with its thumbnail) under `rules` and records who added it; answers the
 * stored image and its library entry. A refused image throws its 400/413 before anything is recorded.
 */
export async function addToLibrary(
  db: Kysely<Database>,
  uploads: UploadStorage,
  bytes: Buffer,
  rules: ImageRules,
  userId: number,
): Promise<{ image: StoredImage; file: UploadedFile }> {
  const image = await storeImage(uploads, libraryFolder, bytes, rules);
  try {
    return { image, file: await recordUpload(db, image, userId) };
  } catch (error) {
    // nothing half-written: a file the library does not list is taken back (or swept, if this fails too).
    await removeUpload(uploads, image.key).catch(() => undefined);
    throw error;
  }
}

/** Takes an image back out of the library: its row, then its files (a cover whose record turned out not to take it). */
export async function removeFromLibrary(db: Kysely<Database>, uploads: UploadStorage, key: string): Promise<void> {
  await db.deleteFrom('uploads').where('key', '=', key).execute();
  await removeUpload(uploads, key);
}
