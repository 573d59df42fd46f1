import { sql } from 'kysely';
import { isPostgres, type AnyDb } from './helpers.js';

/*
 * `search_version`: one row whose number grows with every change to `search_documents`, by triggers, so it
 * counts every writer (article and bio services, a seed, a hand edit) in the writer's own transaction. A node
 * keeps search answers in memory with the number they were computed at, and reads only this row to know
 * whether they still hold (features/search/answers.ts, decision 020). The vocabulary (`search_terms`) is
 * only ever written together with its document, so the documents' triggers cover it.
 */
const events = ['insert', 'update', 'delete'] as const;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('search_version')
    .addColumn('id', 'integer', (col) => col.primaryKey().check(sql`id = 1`))
    .addColumn('version', 'bigint', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.insertInto('search_version').values({ id: 1, version: 0 }).execute();
  if (isPostgres(db)) {
    await sql`
      create function papo_bump_search_version() returns trigger language plpgsql as $$
      begin
        update search_version set version = version + 1 where id = 1;
        return null;
      end $$`.execute(db);
    await sql`
      create trigger search_documents_version after insert or update or delete or truncate on search_documents
      for each statement execute function papo_bump_search_version()`.execute(db);
    return;
  }
  for (const event of events) {
    await sql`
      create trigger ${sql.raw(`search_documents_version_${event}`)} after ${sql.raw(event)} on search_documents
      begin
        update search_version set version = version + 1 where id = 1;
      end`.execute(db);
  }
}

export async function down(db: AnyDb): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop trigger if exists search_documents_version on search_documents`.execute(db);
    await sql`drop function if exists papo_bump_search_version()`.execute(db);
  } else {
    for (const event of events)
      await sql`drop trigger if exists ${sql.raw(`search_documents_version_${event}`)}`.execute(db);
  }
  await db.schema.dropTable('search_version').execute();
}
