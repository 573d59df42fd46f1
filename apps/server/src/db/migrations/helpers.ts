import { PostgresAdapter, sql } from 'kysely';
import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely, RawBuilder } from 'kysely';

/*
 * The few places where the two dialects differ in DDL (decision 002). Migrations receive a Kysely
 * instance without knowing the dialect, so the helpers ask the instance's adapter.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against any schema, as Kysely advises
export type AnyDb = Kysely<any>;

export function isPostgres(db: AnyDb): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** Adds `id`: `integer primary key autoincrement` on SQLite, an identity column on PostgreSQL. */
export function withId(db: AnyDb) {
  return <TB extends string>(table: CreateTableBuilder<TB, never>) =>
    table.addColumn('id', 'integer', (col) =>
      isPostgres(db) ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey().autoIncrement(),
    );
}

/** The current UTC time as ISO-8601 text with milliseconds ('2026-11-21T10:00:00.000Z'), identical on both dialects. */
export function nowIsoText(db: AnyDb): RawBuilder<string> {
  return isPostgres(db)
    ? sql`(to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`
    : sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;
}

/** `created_at` text column defaulting to now. */
export function createdAt(db: AnyDb) {
  return (col: ColumnDefinitionBuilder) => col.notNull().defaultTo(nowIsoText(db));
}

/** A 0/1 integer column (booleans, decision 002). */
export function flag(name: string, defaultValue: 0 | 1) {
  return (col: ColumnDefinitionBuilder) =>
    col
      .notNull()
      .defaultTo(defaultValue)
      .check(sql`${sql.ref(name)} in (0, 1)`);
}

/** A table whose changes move a version row: every insert, update and delete, or only deletes and updates of `updateOf`. */
export interface VersionSource {
  table: string;
  /** Comma-separated columns: only their updates (and deletes) move the version. */
  updateOf?: string;
}

const versionEvents = ['insert', 'update', 'delete'] as const;

/** [trigger name, SQLite event clause] of each change to `source` that moves `name`. */
function sqliteVersionTriggers(name: string, source: VersionSource): [string, string][] {
  const events = source.updateOf ? (['update', 'delete'] as const) : versionEvents;
  return events.map((event) => [
    `${name}_${source.table}_${event}`,
    event === 'update' && source.updateOf
      ? `update of ${source.updateOf} on ${source.table}`
      : `${event} on ${source.table}`,
  ]);
}

/**
 * Creates `name`, one row whose `version` grows with every change to `sources`, by triggers in the writer's own
 * transaction, whoever the writer (a service, a seed, a hand edit). A node keeps answers in memory with the number
 * they were computed at and reads only this row to know whether they still hold (lib/version-rows.ts).
 */
export async function createVersionRow(db: AnyDb, name: string, sources: readonly VersionSource[]): Promise<void> {
  await db.schema
    .createTable(name)
    .addColumn('id', 'integer', (col) => col.primaryKey().check(sql`id = 1`))
    .addColumn('version', 'bigint', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.insertInto(name).values({ id: 1, version: 0 }).execute();
  const bump = sql`update ${sql.table(name)} set version = version + 1 where id = 1`;
  if (isPostgres(db)) {
    await versionBumpFunction(db, name, { notify: true });
    for (const source of sources) {
      const events = source.updateOf
        ? `update of ${source.updateOf} or delete`
        : 'insert or update or delete or truncate';
      await sql`
        create trigger ${sql.raw(`${source.table}_${name}`)} after ${sql.raw(events)} on ${sql.table(source.table)}
        for each statement execute function ${sql.raw(`papo_bump_${name}`)}()`.execute(db);
    }
    return;
  }
  for (const source of sources) {
    for (const [trigger, clause] of sqliteVersionTriggers(name, source)) {
      await sql`create trigger ${sql.raw(trigger)} after ${sql.raw(clause)} begin ${bump}; end`.execute(db);
    }
  }
}

/**
 * (Re)defines PostgreSQL's `papo_bump_<name>()`, which moves the version row `name`; with `notify`, it also tells
 * every listening node which row moved and to what (`papo_version`, `<name>:<version>`, delivered at commit:
 * db/pg-listener.ts, decision 031).
 */
export async function versionBumpFunction(db: AnyDb, name: string, opts: { notify: boolean }): Promise<void> {
  const notify = opts.notify ? sql`perform pg_notify('papo_version', ${sql.lit(`${name}:`)} || moved);` : sql``;
  await sql`
    create or replace function ${sql.raw(`papo_bump_${name}`)}() returns trigger language plpgsql as $$
    declare moved bigint;
    begin
      update ${sql.table(name)} set version = version + 1 where id = 1 returning version into moved;
      ${notify}
      return null;
    end $$`.execute(db);
}

/** Undoes `createVersionRow` with the same arguments. */
export async function dropVersionRow(db: AnyDb, name: string, sources: readonly VersionSource[]): Promise<void> {
  for (const source of sources) {
    if (isPostgres(db))
      await sql`drop trigger if exists ${sql.raw(`${source.table}_${name}`)} on ${sql.table(source.table)}`.execute(db);
    else
      for (const [trigger] of sqliteVersionTriggers(name, source))
        await sql`drop trigger if exists ${sql.raw(trigger)}`.execute(db);
  }
  if (isPostgres(db)) await sql`drop function if exists ${sql.raw(`papo_bump_${name}`)}()`.execute(db);
  await db.schema.dropTable(name).execute();
}
