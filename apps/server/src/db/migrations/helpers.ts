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
  return (col: ColumnDefinitionBuilder) => col.notNull().defaultTo(defaultValue).check(sql`${sql.ref(name)} in (0, 1)`);
}
