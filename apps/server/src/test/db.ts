import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe, inject } from 'vitest';
import { openDatabase, type DatabaseHandle, type Dialect } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';

export const hasPostgres = Boolean(process.env.TEST_DATABASE_URL);

const dialects: Dialect[] = ['sqlite', 'postgres'];

/**
 * One `describe` per dialect (`<title> on sqlite`, `<title> on postgres`): SQLite always; PostgreSQL
 * when TEST_DATABASE_URL is set, else reported as skipped, so a run says what it left out.
 */
export function describeEachDialect(title: string, body: (dialect: Dialect) => void): void {
  for (const dialect of dialects) {
    describe.skipIf(dialect === 'postgres' && !hasPostgres)(`${title} on ${dialect}`, () => body(dialect));
  }
}

export interface TestDatabase {
  handle: DatabaseHandle;
  dialect: Dialect;
  /** The PostgreSQL URL of this database (to hand to a child process); undefined for SQLite. */
  url?: string;
  /** The SQLite file; undefined for PostgreSQL. */
  sqliteFile?: string;
  /** Closes the connection and removes the database (its file, or the PostgreSQL database). */
  destroy(): Promise<void>;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's migrated PostgreSQL database (global-setup.ts), copied for each test database; unset without one. */
    postgresTemplate: string | undefined;
  }
}

/**
 * A fresh database of its own for one test file; migrated unless `migrate: false`. A migrated SQLite database is a
 * copy of one file migrated once per test process (3 ms instead of ~60 ms of migrations, for hundreds of databases
 * a run). A migrated PostgreSQL database is created from the run's template, migrated once by the global setup
 * (`create database … template`: about two thirds of the time of running the migrations in each, docs/benchmarks.md);
 * where no template was provided, it runs the migrations itself.
 */
export async function createTestDatabase(
  dialect: Dialect = 'sqlite',
  opts: { migrate?: boolean } = {},
): Promise<TestDatabase> {
  const migrate = opts.migrate !== false;
  if (dialect === 'sqlite') return createSqlite(migrate ? await sqliteTemplate() : undefined);
  const template = migrate ? inject('postgresTemplate') : undefined;
  const created = await createPostgres(template);
  if (migrate && !template) await migrateToLatest(created.handle.db);
  return created;
}

/**
 * A migrated PostgreSQL database for `createTestDatabase` to copy, and the function that drops it. Nobody connects to
 * it once it is migrated: PostgreSQL copies only a database nobody is connected to.
 */
export async function createPostgresTemplate(): Promise<{ name: string; drop(): Promise<void> }> {
  const created = await createPostgres(undefined, 'papo_tpl_');
  try {
    await migrateToLatest(created.handle.db);
  } catch (error) {
    await created.destroy();
    throw error;
  }
  await created.handle.close();
  return { name: created.name, drop: () => created.destroy() };
}

declare global {
  // kept on globalThis, so test files that load this module again in the same process share one template.
  var papoTestSqliteTemplate: Promise<string> | undefined;
}

/** This process's migrated SQLite file, made on first use and removed when the process exits. */
function sqliteTemplate(): Promise<string> {
  globalThis.papoTestSqliteTemplate ??= (async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'papo-test-template-'));
    const file = path.join(dir, 'template.sqlite');
    const handle = openDatabase({ sqliteFile: file });
    await migrateToLatest(handle.db);
    // closing checkpoints the write-ahead log into the file, so the file alone is the whole database.
    await handle.close();
    // only synchronous work runs at exit.
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    return file;
  })();
  return globalThis.papoTestSqliteTemplate;
}

async function createSqlite(template: string | undefined): Promise<TestDatabase> {
  const dir = await mkdtemp(path.join(tmpdir(), 'papo-test-db-'));
  const sqliteFile = path.join(dir, 'papo.sqlite');
  if (template) await copyFile(template, sqliteFile);
  const handle = openDatabase({ sqliteFile });
  return {
    handle,
    dialect: 'sqlite',
    sqliteFile,
    async destroy() {
      await handle.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

async function createPostgres(
  template: string | undefined,
  prefix = 'papo_t_',
): Promise<TestDatabase & { name: string }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `${prefix}${randomBytes(6).toString('hex')}`;
  await withAdmin(adminUrl, (client) =>
    client.query(`create database ${name}${template ? ` template ${template}` : ''}`),
  );
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = openDatabase({ url: url.toString() });
  return {
    name,
    handle,
    dialect: 'postgres',
    url: url.toString(),
    async destroy() {
      await handle.close();
      await withAdmin(adminUrl, (client) => client.query(`drop database if exists ${name} with (force)`));
    },
  };
}

async function withAdmin(url: string, run: (client: pg.Client) => Promise<unknown>): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await run(client);
  } finally {
    await client.end();
  }
}
