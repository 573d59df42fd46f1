import { uploadLimits, type UploadedFile } from '@papo/contract/editor';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { storeImage, type ImageRules, type StoredImage } from '../../lib/uploads.js';
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
  dataDir: string,
  bytes: Buffer,
  rules: ImageRules,
  userId: number,
): Promise<{ image: StoredImage; file: UploadedFile }> {
  const image = await storeImage(dataDir, libraryFolder, bytes, rules);
  return { image, file: await recordUpload(db, image, userId) };
}
