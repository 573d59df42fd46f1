import type { HomeNewsBody, NewsItem } from '@papo/contract/home';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** The quick news staff chose for `lang`, in their order; empty when none was chosen. */
export async function findHomeNews(db: Kysely<Database>, lang: string): Promise<NewsItem[]> {
  const rows = await db
    .selectFrom('home_news')
    .select(['title', 'link', 'snippet', 'image'])
    .where('lang', '=', lang)
    .orderBy('position')
    .execute();
  return rows.map((row) => ({ title: row.title, link: row.link, snippet: row.snippet, pagemap: { cse_image: row.image ? [{ src: row.image }] : [] } }));
}

/** Replaces the quick news of one language with `items`, at once. */
export async function replaceHomeNews(db: Kysely<Database>, body: HomeNewsBody): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('home_news').where('lang', '=', body.lang).execute();
    if (!body.items.length) return;
    await trx
      .insertInto('home_news')
      .values(body.items.map((item, position) => ({ lang: body.lang, position, title: item.title, link: item.link, snippet: item.snippet, image: item.image })))
      .execute();
  });
}
