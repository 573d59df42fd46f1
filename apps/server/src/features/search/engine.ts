import type { Kysely, Transaction } from 'kysely';
import type { Dialect } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { postgresIndex } from './postgres-index.js';
import { sqliteIndex } from './sqlite-index.js';

export type Db = Kysely<Database> | Transaction<Database>;

/** A parsed query: folded terms, all required; the last one also matches as a prefix. */
export interface TermQuery {
  terms: readonly string[];
  kinds: readonly string[];
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
 * implementation keeps its own index of them, ranks title matches above body matches, and reads the
 * terms as words only.
 */
export interface FullTextIndex {
  /** Indexes (or re-indexes) document `id` with its folded title and body text. */
  write(trx: Transaction<Database>, id: number, title: string, body: string): Promise<void>;
  /** Drops document `id` from the index (its row is deleted by the caller). */
  drop(trx: Transaction<Database>, id: number): Promise<void>;
  /** The best `limit` matches, best first. */
  query(db: Db, query: TermQuery, limit: number): Promise<SearchHit[]>;
  /** How many documents match. */
  count(db: Db, query: TermQuery): Promise<number>;
}

export function fullTextIndex(dialect: Dialect): FullTextIndex {
  return dialect === 'postgres' ? postgresIndex : sqliteIndex;
}
