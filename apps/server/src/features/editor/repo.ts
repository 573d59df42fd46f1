import type { EditorListStatus } from '@papo/contract/editor';
import type { EditorArticleRow } from '@papo/contract/editor-articles';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { publishState } from '../articles/index.js';

/** `term` as a LIKE pattern matching it anywhere, its own `%`, `_` and `\` taken literally (with `escape '\'`). */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The article list of the back office: drafts too, most recently changed first; `search` keeps the titles that
 * contain it (any case), `status` the live, draft or scheduled ones (scheduled: not live, `publish_at` set).
 */
export async function listEditorArticles(
  db: Kysely<Database>,
  opts: { lyricsOnly: boolean; page: number; size: number; search?: string; status?: EditorListStatus },
): Promise<{ articles: EditorArticleRow[]; hasMore: boolean }> {
  let query = db
    .selectFrom('articles as a')
    .leftJoin('article_categories as c', 'c.id', 'a.category_id')
    .select([
      'a.id',
      'a.title',
      'a.slug',
      'a.is_published',
      'a.is_lyrics',
      'a.category_id',
      'c.key as category_key',
      'a.publish_at',
      'a.updated_at',
    ])
    // A store's generated description is an article too: the list says whose, so it is not taken for a forgotten draft.
    .select((eb) =>
      eb
        .selectFrom('stores as s')
        .select('s.name')
        .whereRef('s.article_id', '=', 'a.id')
        .orderBy('s.id')
        .limit(1)
        .as('store_name'),
    );
  if (opts.lyricsOnly) query = query.where('a.is_lyrics', '=', 1);
  if (opts.search)
    query = query.where(sql<boolean>`lower(a.title) like ${containsPattern(opts.search.toLowerCase())} escape '\\'`);
  if (opts.status === 'published') query = query.where('a.is_published', '=', 1);
  else if (opts.status === 'draft') query = query.where('a.is_published', '=', 0).where('a.publish_at', 'is', null);
  else if (opts.status === 'scheduled')
    query = query.where('a.is_published', '=', 0).where('a.publish_at', 'is not', null);
  const rows = await query
    .orderBy('a.updated_at', 'desc')
    .orderBy('a.id', 'desc')
    .limit(opts.size + 1)
    .offset((opts.page - 1) * opts.size)
    .execute();
  return {
    articles: rows.slice(0, opts.size).map((r) => ({
      id: r.id,
      title: r.title,
      slug: r.slug,
      ...publishState(r),
      category: r.category_id,
      categoryKey: r.category_key,
      publishAt: r.publish_at,
      updatedAt: r.updated_at,
      descriptionOf: r.store_name ?? null,
    })),
    hasMore: rows.length > opts.size,
  };
}
