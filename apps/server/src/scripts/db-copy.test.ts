import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/database.js';
import { createTestDatabase, hasPostgres, type TestDatabase } from '../test/db.js';
import { runAdminCommand, UsageError } from './admin-commands.js';

const tablesOf = async (database: ReturnType<typeof openDatabase>, query: string) => (await sql<{ name: string }>`${sql.raw(query)}`.execute(database.db)).rows.map((row) => row.name).filter((name) => !/^(sqlite_|kysely_|search_fts)/.test(name)).sort();
const count = async (database: ReturnType<typeof openDatabase>, table: string) => Number((await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(database.db)).rows[0]?.n);

describe.skipIf(!hasPostgres)('npm run admin -- db copy --to postgres://…', () => {
  let dataDir: string;
  let target: TestDatabase;
  const env = () => ({ DATA_DIR: dataDir });
  const admin = (args: string[], progress: (line: string) => void = () => {}) => runAdminCommand(args, { env: env(), password: async () => 'a long passphrase', progress });

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'papo-db-copy-'));
    // A SQLite site as a first start leaves it: company, channels, demo articles, shops and biography, and members.
    const site = await buildApp({ config: loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, WEB_DIST: path.join(dataDir, 'no-web'), DEMO_CONTENT: '1' }), logger: false });
    await site.close();
    for (const name of ['ana', 'bea']) await admin(['create-user', '--username', name, '--email', `${name}@example.com`]);
    target = await createTestDatabase('postgres', { migrate: false });
  }, 120_000);
  afterAll(async () => {
    await target?.destroy();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('copies every table with the same row counts, finishing an interrupted copy without a row twice', async () => {
    // The first batch is committed, then the copy stops as a killed process would.
    await expect(admin(['db', 'copy', '--to', target.url!], () => {
      throw new Error('interrupted');
    })).rejects.toThrow('interrupted');
    expect(await admin(['db', 'copy', '--to', target.url!])).toMatch(/^finished the copy of \d+ tables/);

    const source = openDatabase({ sqliteFile: path.join(dataDir, 'papo.sqlite') });
    try {
      const tables = await tablesOf(source, "select name from sqlite_master where type = 'table'");
      expect(await tablesOf(target.handle, "select table_name as name from information_schema.tables where table_schema = 'public'")).toEqual(tables);
      const counts = async (database: ReturnType<typeof openDatabase>) => Object.fromEntries(await Promise.all(tables.map(async (table) => [table, await count(database, table)] as const)));
      const expected = await counts(source);
      expect(expected.users).toBeGreaterThanOrEqual(2);
      expect(expected.search_documents).toBeGreaterThan(0);
      expect(await counts(target.handle)).toEqual(expected);

      // The full-text index answers on PostgreSQL, and new rows take ids after the copied ones.
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from search_documents where tsv <> ''::tsvector`.execute(target.handle.db);
      expect(rows[0]?.n).toBe(expected.search_documents);
      const copiedMax = (await sql<{ id: number }>`select max(id) as id from users`.execute(source.db)).rows[0]?.id ?? 0;
      await runAdminCommand(['create-user', '--username', 'caio', '--email', 'caio@example.com'], { env: { DATA_DIR: dataDir, DATABASE_URL: target.url! }, password: async () => 'a long passphrase', progress: () => {} });
      const caio = await target.handle.db.selectFrom('users').select('id').where('username', '=', 'caio').executeTakeFirstOrThrow();
      expect(caio.id).toBeGreaterThan(copiedMax);
    } finally {
      await source.close();
    }
    // Once whole, the copy is a site of its own: copying into it again is refused.
    await expect(admin(['db', 'copy', '--to', target.url!])).rejects.toThrow(/not empty/);
    await expect(admin(['db', 'copy'])).rejects.toBeInstanceOf(UsageError);
  });
});
