import { Transaction } from 'kysely';
import type { Dialect } from '../../db/database.js';
import type { Db } from '../../db/schema.js';
import { postgresIndex } from './postgres-index.js';
import { sqliteIndex } from './sqlite-index.js';
import type { FullTextIndex, SearchHit, TermQuery } from './index-types.js';
import { termCounts, vocabularyOf } from './vocabulary.js';

export function fullTextIndex(dialect: Dialect): FullTextIndex {
  return dialect === 'postgres' ? postgresIndex : sqliteIndex;
}

/**
 * The best `limit` matches: those with every term in the title first, then the others, newest first in
 * each group. Both are index walks that stop at the limit, so a word found in thousands of documents
 * costs no more than a rare one (no relevance score is computed for every match). The vocabulary is asked first: a
 * word no document holds finds nothing without the index, and the words' counts let the index choose its walk.
 */
export async function rankedMatches(
  index: FullTextIndex,
  db: Db,
  terms: TermQuery,
  limit: number,
): Promise<SearchHit[]> {
  let query = terms;
  // a transaction would read the whole vocabulary for itself: there, the index alone answers.
  if (!(db instanceof Transaction)) {
    const counts = termCounts(await vocabularyOf(db, terms.kinds), terms.terms);
    // A word no document holds: nothing can match, and no index is walked to learn it.
    if (!counts) return [];
    query = { ...terms, counts };
  }
  const inTitle = await index.matches(db, query, { inTitle: true, limit });
  if (inTitle.length >= limit) return inTitle;
  // Title matches are matches too: asking for that many more leaves room for `limit` others.
  const all = await index.matches(db, query, { inTitle: false, limit: limit + inTitle.length });
  const seen = new Set(inTitle.map((hit) => `${hit.kind}:${hit.refId}`));
  return [...inTitle, ...all.filter((hit) => !seen.has(`${hit.kind}:${hit.refId}`))].slice(0, limit);
}
