import type { HomeNewsBody, NewsItem } from '@papo/contract/home';
import { sql, type Kysely } from 'kysely';
import { createHash } from 'node:crypto';
import type { Dialect } from '../../db/database.js';
import type { Database, Db } from '../../db/schema.js';
import { conflict, ifMatchHolds } from '../revisions/index.js';

/** The quick news staff chose for `lang`, in their order; empty when none was chosen. */
export async function findHomeNews(db: Db, lang: string): Promise<NewsItem[]> {
  const rows = await db
    .selectFrom('home_news')
    .select(['title', 'link', 'snippet', 'image'])
    .where('lang', '=', lang)
    .orderBy('position')
    .execute();
  return rows.map((row) => ({
    title: row.title,
    link: row.link,
    snippet: row.snippet,
    pagemap: { cse_image: row.image ? [{ src: row.image }] : [] },
  }));
}

/**
 * The version of a language's selection: 0 when nothing is chosen, else a number drawn from what is chosen. A
 * selection is replaced whole and nobody reads its old versions, so its content is its version: no table of
 * revisions, and two saves of the same list are the same version.
 */
export function homeNewsVersion(items: readonly NewsItem[]): number {
  if (!items.length) return 0;
  // 48 bits of the digest: a safe integer, so it travels as a JSON number and in the `"r{n}"` tag.
  return Number.parseInt(createHash('sha256').update(JSON.stringify(items)).digest('hex').slice(0, 12), 16);
}

/**
 * Replaces the quick news of one language with `items`, at once; a stale `ifMatch` (someone saved another selection
 * since this editor read it) is 412 `edit_conflict` before anything is written. Answers the new version.
 */
export async function replaceHomeNews(
  db: Kysely<Database>,
  dialect: Dialect,
  body: HomeNewsBody,
  ifMatch: string | undefined,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    // a selection may have no rows to lock; the language's own lock orders concurrent saves (SQLite has one writer).
    if (dialect === 'postgres')
      await sql`select pg_advisory_xact_lock(hashtext(${`home_news:${body.lang}`}))`.execute(trx);
    if (!ifMatchHolds(ifMatch, homeNewsVersion(await findHomeNews(trx, body.lang)))) conflict();
    await trx.deleteFrom('home_news').where('lang', '=', body.lang).execute();
    if (body.items.length) {
      await trx
        .insertInto('home_news')
        .values(
          body.items.map((item, position) => ({
            lang: body.lang,
            position,
            title: item.title,
            link: item.link,
            snippet: item.snippet,
            image: item.image,
          })),
        )
        .execute();
    }
    return homeNewsVersion(await findHomeNews(trx, body.lang));
  });
}
