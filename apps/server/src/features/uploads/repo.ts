import type { UploadedFile } from '@papo/contract/editor';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { StoredImage } from './images.js';

type Db = Kysely<Database>;

/** Adds a stored image to the library; `at` is its time (the clock of the caller). */
export async function recordUpload(
  db: Db,
  image: StoredImage,
  uploadedBy: number,
  at: Date = new Date(),
): Promise<UploadedFile> {
  const modified = at.toISOString();
  await db
    .insertInto('uploads')
    .values({
      key: image.key,
      thumbnail: image.thumbnail,
      width: image.width,
      height: image.height,
      uploaded_by: uploadedBy,
      created_at: modified,
    })
    .execute();
  return { name: image.key, modified, thumbnail: image.thumbnail, width: image.width, height: image.height };
}

/** One page of the library, newest first (the id breaks ties); asks one row more to know whether more exist. */
export async function listUploads(
  db: Db,
  page: number,
  size: number,
): Promise<{ files: UploadedFile[]; hasMore: boolean }> {
  const rows = await db
    .selectFrom('uploads')
    .select(['key', 'thumbnail', 'width', 'height', 'created_at'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(size + 1)
    .offset((page - 1) * size)
    .execute();
  return {
    files: rows
      .slice(0, size)
      .map((r) => ({ name: r.key, modified: r.created_at, thumbnail: r.thumbnail, width: r.width, height: r.height })),
    hasMore: rows.length > size,
  };
}

/** Whether `key` is an image of the library (a row of the uploads table). */
export async function isInLibrary(db: Db, key: string): Promise<boolean> {
  return Boolean(await db.selectFrom('uploads').select('id').where('key', '=', key).executeTakeFirst());
}
