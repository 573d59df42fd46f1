import { isRecord } from '@papo/contract/records';
import SQLite from 'better-sqlite3';
import {
  Kysely,
  PostgresDialect,
  sql,
  SqliteDialect,
  type Dialect as KyselyDialect,
  type SqliteDatabase,
} from 'kysely';
import pg from 'pg';
import { announceTo, tellingDialect } from './changes.js';
import { createPgListener, type PgListener } from './pg-listener.js';
import type { Database } from './schema.js';
import { LRUCache } from 'lru-cache';

export type Dialect = 'sqlite' | 'postgres';

/** An open database: the Kysely instance, which dialect it speaks, and an idempotent close. */
export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  close(): Promise<void>;
}

export type DatabaseTarget = { url: string } | { sqliteFile: string };

/**
 * What a PostgreSQL database tells this process of its changes (decision 031): the notifications other nodes'
 * commits send, and a count of this process's own writes, so a read after a write here need not wait for them.
 */
export interface DatabaseChanges {
  listener: PgListener;
  /** Grows after each statement this process's connections finish that is not a plain `select` (a commit among them). */
  writes(): number;
  /** The pool's connections: open, idle (the rest are in use) and queries waiting for one. */
  pool(): { total: number; idle: number; waiting: number; max: number };
}

const changesByDatabase = new WeakMap<Kysely<Database>, DatabaseChanges>();

/** The changes `db` tells of: undefined on SQLite (no notifications; one process writes at a time). */
export function changesOf(db: Kysely<Database>): DatabaseChanges | undefined {
  return changesByDatabase.get(db);
}

/** Opens PostgreSQL when given a URL, else a SQLite file (or ':memory:'). */
export function openDatabase(target: DatabaseTarget, opts: { onError?: (error: Error) => void } = {}): DatabaseHandle {
  const db = 'url' in target ? openPostgres(target.url, opts.onError) : openSqlite(target.sqliteFile);
  let closing: Promise<void> | undefined;
  return {
    db,
    dialect: 'url' in target ? 'postgres' : 'sqlite',
    close: () => (closing ??= Promise.all([changesOf(db)?.listener.close(), db.destroy()]).then(() => undefined)),
  };
}

function openSqlite(file: string): Kysely<Database> {
  const database = new SQLite(file);
  // WAL lets readers continue while a write is in progress; busy_timeout makes a second
  // process (e.g. `npm run admin` next to the server) wait for the lock instead of failing at once.
  database.pragma('journal_mode = WAL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  return telling((announce) => tellingDialect(new SqliteDialect({ database: reusingStatements(database) }), announce));
}

/**
 * A Kysely over a dialect whose commits are told to the listeners of that Kysely (db/changes.ts, decision 053): the
 * dialect is made before the instance it announces to.
 */
function telling(dialectOf: (announce: ReturnType<typeof announceTo>) => KyselyDialect): Kysely<Database> {
  const made: { db?: Kysely<Database> } = {};
  const db = new Kysely<Database>({ dialect: dialectOf(announceTo(() => made.db)) });
  made.db = db;
  return db;
}

/** Distinct statements kept prepared; the SQL of the app's queries is a few hundred strings at most. */
const statementCacheSize = 500;

/**
 * Kysely prepares every query again; compiling the same SQL on every request was a visible share of
 * each read (decision 012). Prepared statements are reused by their SQL text instead. Kysely runs one
 * query at a time on its single SQLite connection, so a statement is never busy when asked for again.
 */
function reusingStatements(database: SQLite.Database): SqliteDatabase {
  const statements = new LRUCache<string, SQLite.Statement>({ max: statementCacheSize });
  return {
    close: () => database.close(),
    prepare(source: string) {
      let statement = statements.get(source);
      if (!statement) {
        statement = database.prepare(source);
        statements.set(source, statement);
      }
      return statement;
    },
  };
}

const int8 = 20;

/** pg's type parsers with int8 read as a number. */
function int8AsNumber(): pg.TypeOverrides {
  const types = new pg.TypeOverrides();
  types.setTypeParser(int8, Number);
  return types;
}

const poolMax = 10;

function openPostgres(url: string, onError: (error: Error) => void = () => undefined): Kysely<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolMax,
    connectionTimeoutMillis: 5000,
    // counts and sums come back as int8; numbers keep results identical to SQLite's.
    types: int8AsNumber(),
  });
  // an idle client losing its connection emits 'error' on the pool, and a checked-out one (a query or a
  // transaction in flight) emits it on the client itself; without listeners either would end the process when
  // PostgreSQL stops. The queries in flight fail on their own and answer 503 (db/unavailable.ts).
  pool.on('error', onError);
  let writes = 0;
  pool.on('connect', (client) => {
    client.on('error', onError);
    countWrites(client, () => void (writes += 1));
  });
  const db = telling((announce) => tellingDialect(new PostgresDialect({ pool }), announce));
  const listener = createPgListener({
    connectionString: url,
    warn: (_key, error) => onError(error instanceof Error ? error : new Error(String(error))),
  });
  const poolState = () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: poolMax });
  changesByDatabase.set(db, { listener, writes: () => writes, pool: poolState });
  return db;
}

/** A statement that cannot have changed a row: a `select` (`for update` too), `show`, `listen`. */
const readOnly = /^\s*(select|show|listen)\b/i;

/**
 * Calls `wrote` once each statement other than a plain read settles on `client` (a `commit`, an insert outside a
 * transaction): before its caller goes on, so a read it makes next knows to look at the database again.
 */
function countWrites(client: pg.PoolClient, wrote: () => void): void {
  // through Reflect: `query`'s typed overloads cannot be replaced by one wrapper.
  const query: unknown = Reflect.get(client, 'query');
  if (typeof query !== 'function') return;
  Reflect.set(client, 'query', (...args: unknown[]) => {
    const result: unknown = Reflect.apply(query, client, args);
    const [first] = args;
    const text = typeof first === 'string' ? first : isRecord(first) ? first.text : undefined;
    if (result instanceof Promise && !(typeof text === 'string' && readOnly.test(text))) {
      result.then(wrote, wrote);
    }
    return result;
  });
}

/**
 * Asks PostgreSQL one trivial question before anything else runs, so a node that cannot reach it stops with a line
 * naming DATABASE_URL (host, port and database; never the password) rather than the driver's bare "connect
 * ECONNREFUSED", which names no setting.
 */
export async function reachDatabase(handle: DatabaseHandle, url: string): Promise<void> {
  if (handle.dialect !== 'postgres') return;
  try {
    await sql`select 1`.execute(handle.db);
  } catch (error) {
    const { host, pathname } = new URL(url);
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`DATABASE_URL (${host}${pathname}) cannot be reached: ${reason}`, { cause: error });
  }
}
