import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { httpError } from '../../lib/http-error.js';

// well under SQLite's 32,766 bound parameters (and PostgreSQL's 65,535) per statement.
const keysPerQuery = 500;

/**
 * Checks that every key names a staff upload: an image of the library (`uploads` table), which only the staff
 * routes write. A key that is unknown, or names another kind of upload (a member's profile picture, a store
 * slot's picture), throws 400 `upload_not_found`, under `field` when one is given. An article, a cover or an
 * album may only point at these, so a page never shows a file its author could not pick.
 */
export async function requireStaffUploads(db: Kysely<Database>, keys: Iterable<string>, field?: string): Promise<void> {
  const wanted = [...new Set(keys)];
  for (let at = 0; at < wanted.length; at += keysPerQuery) {
    const chunk = wanted.slice(at, at + keysPerQuery);
    const rows = await db.selectFrom('uploads').select('key').where('key', 'in', chunk).execute();
    if (rows.length !== chunk.length) {
      throw httpError(400, 'upload_not_found', field ? { [field]: ['upload_not_found'] } : undefined);
    }
  }
}
