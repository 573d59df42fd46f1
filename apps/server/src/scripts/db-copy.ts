import path from 'node:path';
import { stat } from 'node:fs/promises';
import { sql, type Kysely } from 'kysely';
import type { Config } from '../config.js';
import { openDatabase } from '../db/database.js';
import { migrateToLatest, migrationPlan } from '../db/migrate.js';
import type { Database } from '../db/schema.js';
import { postgresIndex } from '../features/search/postgres-index.js';
import { indexText } from '../features/search/text.js';
import { BackupProblem, continueSequence, postgresTables, upgradeSafely, writableColumns } from '../backup.js';

/*
 * Moving a SQLite site up to PostgreSQL: the target is migrated by this code, then every table's rows are copied in
 * rowid order, 500 at a time, each batch committed with the copy's progress (`papo_db_copy`, one row per table), so
 * a copy that stops is continued by running it again, without a row twice. The full-text index is rebuilt from the
 * documents (SQLite's FTS5 tables have no PostgreSQL twin), serial sequences continue after the copied ids, and the
 * copy is done once every table holds as many rows as its source.
 */

const progressTable = 'papo_db_copy';
const batchSize = 500;
// Kysely's bookkeeping is the target's own (its migrations ran); FTS5's tables are SQLite's index, rebuilt.
const notCopied = /^(sqlite_|kysely_|search_fts)/;

export interface DbCopyOptions {
  /** A line per table and per 10 batches; a throw stops the copy where it is (what an interruption does). */
  progress(line: string): void;
}

export interface DbCopyResult {
  tables: number;
  rows: number;
  resumed: boolean;
}

async function sqliteTables(db: Kysely<Database>): Promise<string[]> {
  const { rows } = await sql<{
    name: string;
  }>`select name from sqlite_master where type = 'table' order by name`.execute(db);
  return rows.map((row) => row.name).filter((name) => !notCopied.test(name));
}

async function sqliteColumns(db: Kysely<Database>, table: string): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`select name from pragma_table_info(${table})`.execute(db);
  return rows.map((row) => row.name);
}

async function countOf(db: Kysely<Database>, table: string): Promise<number> {
  const { rows } = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/** Copies the SQLite database of DATA_DIR into the empty PostgreSQL database at `targetUrl`, or finishes that copy. */
export async function copyToPostgres(config: Config, targetUrl: string, opts: DbCopyOptions): Promise<DbCopyResult> {
  if (config.DATABASE_URL)
    throw new BackupProblem(
      'db copy moves a SQLite site: unset DATABASE_URL so that DATA_DIR/papo.sqlite is the source',
    );
  if (!/^postgres(ql)?:\/\//.test(targetUrl)) throw new BackupProblem('--to: must be a postgres:// URL');
  const file = path.join(config.DATA_DIR, 'papo.sqlite');
  if (!(await stat(file).catch(() => undefined))) throw new BackupProblem(`no database at ${file}`);
  const source = openDatabase({ sqliteFile: file });
  const target = openDatabase({ url: targetUrl });
  try {
    await migrateToLatest(
      source.db,
      upgradeSafely(config, 'sqlite', (dir) => opts.progress(`database saved before migrating: ${dir}`)),
    );
    const existing = await postgresTables(target.db);
    const resumed = existing.includes(progressTable);
    if (existing.length && !resumed)
      throw new BackupProblem('the target database is not empty; copy into a new, empty PostgreSQL database');
    if (!resumed) {
      if ((await migrationPlan(target.db)).applied.length)
        throw new BackupProblem('the target database is not empty; copy into a new, empty PostgreSQL database');
      await migrateToLatest(target.db);
      await sql`create table ${sql.table(progressTable)} (table_name text primary key, last_rowid bigint not null)`.execute(
        target.db,
      );
      // the migrations put in their own rows (categories…); the source's replace them.
      const made = (await postgresTables(target.db)).filter((name) => name !== progressTable);
      if (made.length) await sql`truncate ${sql.join(made.map((name) => sql.table(name)))}`.execute(target.db);
    }
    const targetTables = new Set(await postgresTables(target.db));
    const tables = await sqliteTables(source.db);
    const unknown = tables.filter((table) => !targetTables.has(table));
    if (unknown.length)
      throw new BackupProblem(`PostgreSQL has no table ${unknown.join(', ')}: the two schemas differ`);
    let copied = 0;
    for (const table of tables) {
      const targetColumns = new Set(await writableColumns(target.db, table));
      const columns = (await sqliteColumns(source.db, table)).filter((column) => targetColumns.has(column));
      const kept = await sql<{
        last_rowid: number | string;
      }>`select last_rowid from ${sql.table(progressTable)} where table_name = ${table}`.execute(target.db);
      let last = Number(kept.rows[0]?.last_rowid ?? 0);
      for (let batch = 1; ; batch += 1) {
        const { rows } = await sql<
          Record<string, unknown> & { papo_rowid: number }
        >`select rowid as papo_rowid, ${sql.join(columns.map((column) => sql.ref(column)))} from ${sql.table(table)} where rowid > ${last} order by rowid limit ${batchSize}`.execute(
          source.db,
        );
        if (!rows.length) break;
        const next = rows.at(-1)?.papo_rowid ?? last;
        await target.db.transaction().execute(async (tx) => {
          // tables arrive in name order, not in the order their foreign keys would accept: checks are off for
          // this transaction only (the source's rows were consistent). Needs a superuser or the database's owner.
          await sql`set local session_replication_role = replica`.execute(tx);
          const values = rows.map((row) => sql`(${sql.join(columns.map((column) => row[column]))})`);
          await sql`insert into ${sql.table(table)} (${sql.join(columns.map((column) => sql.ref(column)))}) values ${sql.join(values)}`.execute(
            tx,
          );
          await sql`insert into ${sql.table(progressTable)} (table_name, last_rowid) values (${table}, ${next}) on conflict (table_name) do update set last_rowid = excluded.last_rowid`.execute(
            tx,
          );
        });
        last = next;
        copied += rows.length;
        if (batch % 10 === 1) opts.progress(`${table}: up to row ${last}`);
      }
      await continueSequence(target.db, table);
    }
    const documents = await target.db.selectFrom('search_documents').select(['id', 'title', 'body']).execute();
    await target.db.transaction().execute(async (tx) => {
      for (const document of documents)
        await postgresIndex.write(tx, document.id, indexText(document.title), indexText(document.body));
    });
    opts.progress(`search index rebuilt (${documents.length} documents)`);
    const differing: string[] = [];
    for (const table of tables) {
      const [from, to] = await Promise.all([countOf(source.db, table), countOf(target.db, table)]);
      if (from !== to) differing.push(`${table} (${from} in SQLite, ${to} in PostgreSQL)`);
    }
    if (differing.length) throw new BackupProblem(`the copy is not whole: ${differing.join(', ')}`);
    await sql`drop table ${sql.table(progressTable)}`.execute(target.db);
    return { tables: tables.length, rows: copied, resumed };
  } finally {
    await Promise.all([source.close(), target.close()]);
  }
}
