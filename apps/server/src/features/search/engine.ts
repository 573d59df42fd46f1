import { Transaction, type Kysely } from 'kysely';
import type { Dialect } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { postgresIndex } from './postgres-index.js';
import { sqliteIndex } from './sqlite-index.js';
import { termCounts, vocabularyOf, type TermCounts } from './vocabulary.js';

export type Db = Kysely<Database> | Transaction<Database>;

/** A parsed query: folded terms, all required; the last one also matches as a prefix. */
export interface TermQuery {
  terms: readonly string[];
  kinds: readonly string[];
  /** What the vocabulary counts of the terms, when known: an index may choose its walk by it. */
  counts?: TermCounts;
}

/** Something searchable: an article, a lyric, later a person. `kind` decides its result type and link. */
export interface SearchDocument {
  kind: string;
  refId: number;
  slug: string;
  title: string;
  cover: string | null;
  /** Plain text (see lib/html.ts `htmlToText`); snippets are cut from it. */
  body: string;
}

/** A match is the document as indexed. */
export type SearchHit = SearchDocument;

/**
 * The full-text index of one dialect (decision 010). Documents live in `search_documents` on both; each
 * implementation keeps its own index of them and reads the terms as words only.
 */
export interface FullTextIndex {
  /** Indexes (or re-indexes) document `id` with its folded title and body text. */
  write(trx: Transaction<Database>, id: number, title: string, body: string): Promise<void>;
  /** Drops document `id` from the index (its row is deleted by the caller). */
  drop(trx: Transaction<Database>, id: number): Promise<void>;
  /** Up to `limit` matches, newest first; `inTitle` keeps those with every term in the title. */
  matches(db: Db, query: TermQuery, opts: { inTitle: boolean; limit: number }): Promise<SearchHit[]>;
}

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
  // NOTE: a transaction would read the whole vocabulary for itself: there, the index alone answers.
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
