import type { Dialect } from '../../db/database.js';
import type { Db } from '../../db/schema.js';
import { fullTextIndex, rankedMatches, tokenize } from '../search/index.js';
import { listPublishedByIds, listSameCategory, type ArticleRow, type ArticleSummaryRow } from './repo.js';

/** Title words shorter than this are articles and prepositions ("de", "com", "uma"): they relate nothing. */
const minTermLength = 4;

/**
 * The articles to read after `row`: the newest of its category, then those sharing the most distinctive words of its
 * title (the search index, each word on its own, the longest first), never itself; at most `count`.
 */
export async function relatedArticles(
  db: Db,
  dialect: Dialect,
  row: ArticleRow,
  count: number,
): Promise<ArticleSummaryRow[]> {
  const picked = await listSameCategory(db, row, count);
  if (picked.length >= count) return picked;
  const seen = new Set([row.id, ...picked.map((article) => article.id)]);
  const terms = [...new Set(tokenize(row.title).map((token) => token.term))]
    .filter((term) => term.length >= minTermLength)
    .sort((a, b) => b.length - a.length);
  const found: number[] = [];
  for (const term of terms) {
    if (picked.length + found.length >= count) break;
    // one word each (the index requires every word of a query; the word also matches as a prefix, so a singular
    // finds its plural's article), asked with room for the ones already seen.
    const hits = await rankedMatches(
      fullTextIndex(dialect),
      db,
      { terms: [term], kinds: ['article'] },
      count + seen.size,
    );
    for (const hit of hits) {
      if (seen.has(hit.refId) || picked.length + found.length >= count) continue;
      seen.add(hit.refId);
      found.push(hit.refId);
    }
  }
  const rows = new Map((await listPublishedByIds(db, found)).map((article) => [article.id, article]));
  return [...picked, ...found.flatMap((id) => rows.get(id) ?? [])];
}
