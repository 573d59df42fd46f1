import { NO_MIGRATIONS, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, hasPostgres, type TestDatabase } from '../test/db.js';
import { createMigrator } from './migrate.js';

type Layout = Record<string, string[]>;

/** Table → sorted column names, Kysely's own bookkeeping tables left out. */
async function layoutOf(database: TestDatabase): Promise<Layout> {
  const { db } = database.handle;
  const rows =
    database.dialect === 'postgres'
      ? (
          await sql<{ table_name: string; column_name: string }>`
            select table_name, column_name from information_schema.columns where table_schema = 'public'`.execute(db)
        ).rows
      : (
          await sql<{ table_name: string; column_name: string }>`
            select m.name as table_name, p.name as column_name
            from sqlite_master m join pragma_table_info(m.name) p
            where m.type = 'table' and m.name not like 'sqlite_%'`.execute(db)
        ).rows;
  const layout: Layout = {};
  for (const row of rows) {
    if (row.table_name.startsWith('kysely_')) continue;
    // The full-text index differs per dialect by design (decision 010): FTS5 tables on SQLite, tsvector columns on PostgreSQL.
    if (
      row.table_name.startsWith('search_fts') ||
      (row.table_name === 'search_documents' && ['tsv', 'title_tsv'].includes(row.column_name))
    )
      continue;
    (layout[row.table_name] ??= []).push(row.column_name);
  }
  for (const columns of Object.values(layout)) columns.sort();
  return layout;
}

describe('migrations on SQLite', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
  });
  afterAll(() => database.destroy());

  it('create the company, users and channels tables', async () => {
    const layout = await layoutOf(database);
    expect(Object.keys(layout)).toEqual(expect.arrayContaining(['channels', 'company', 'users']));
    expect(layout.users).toEqual(
      expect.arrayContaining([
        'created_at',
        'email',
        'email_lower',
        'id',
        'language',
        'name',
        'password_hash',
        'roles',
        'username',
        'username_lower',
        'verified',
      ]),
    );
  });

  it('roll all the way down and up again', async () => {
    const migrator = createMigrator(database.handle.db);
    const before = await layoutOf(database);
    const down = await migrator.migrateTo(NO_MIGRATIONS);
    expect(down.error).toBeUndefined();
    expect(await layoutOf(database)).toEqual({});
    const up = await migrator.migrateToLatest();
    expect(up.error).toBeUndefined();
    expect(await layoutOf(database)).toEqual(before);
  });

  it('refuse a verified flag other than 0 or 1', async () => {
    const insert = database.handle.db
      .insertInto('users')
      .values({
        name: 'a',
        username: 'a1',
        username_lower: 'a1',
        email: 'a@x.io',
        email_lower: 'a@x.io',
        password_hash: null,
        verified: 2,
      })
      .execute();
    await expect(insert).rejects.toThrow(/CHECK constraint/i);
  });
});

describe.skipIf(!hasPostgres)('migrations on PostgreSQL', () => {
  let sqlite: TestDatabase;
  let postgres: TestDatabase;
  beforeAll(async () => {
    [sqlite, postgres] = await Promise.all([createTestDatabase('sqlite'), createTestDatabase('postgres')]);
  });
  afterAll(async () => {
    await Promise.all([sqlite?.destroy(), postgres?.destroy()]);
  });

  it('produce the same tables and columns as on SQLite', async () => {
    expect(await layoutOf(postgres)).toEqual(await layoutOf(sqlite));
  });

  it('give ids, ISO timestamps and defaults the same way on both', async () => {
    for (const { handle } of [sqlite, postgres]) {
      const row = await handle.db
        .insertInto('company')
        .values({ name: 'X' })
        .returning(['id', 'created_at', 'slogan'])
        .executeTakeFirstOrThrow();
      expect(row.id).toBe(1);
      expect(row.slogan).toBe('');
      expect(row.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      expect(Math.abs(Date.parse(row.created_at) - Date.now())).toBeLessThan(60_000);
    }
  });
});
