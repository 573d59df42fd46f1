import { sql } from 'kysely';
import { isPostgres, type AnyDb } from './helpers.js';

/*
 * PostgreSQL: the title's lexemes in a vector of their own (the weight-A part of `tsv`, kept by PostgreSQL), with
 * its own GIN index. Finding the documents with every word in the title through `tsv` meant either rechecking the
 * weights of every document holding the words anywhere, or walking the table for the few whose title holds them;
 * here the index answers exactly. SQLite's FTS5 filters by column already (decision 010).
 */
export async function up(db: AnyDb): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`alter table search_documents add column title_tsv tsvector generated always as (ts_filter(tsv, '{a}')) stored`.execute(
    db,
  );
  await sql`create index search_documents_title_tsv_idx on search_documents using gin (title_tsv)`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`alter table search_documents drop column title_tsv`.execute(db);
}
