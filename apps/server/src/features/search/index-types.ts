import type { Transaction } from 'kysely';
import type { Db, Database } from '../../db/schema.js';

/* The shapes the search engine's parts share: the engine, each dialect's index and the vocabulary. */

/** How many documents hold a term: exactly for a word; for a prefix, bounds (the words starting with it may share documents). */
export interface DocumentsWith {
  atLeast: number;
  atMost: number;
}

/** What the vocabulary tells of a query before any index is asked (the last term counted as a prefix). */
export interface TermCounts {
  /** Documents of the query's kinds. */
  documents: number;
  /** Per term, the documents holding it: none is 0. */
  perTerm: DocumentsWith[];
}

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
