import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../db/unavailable.js';
import { toErrorReply } from '../lib/http-error.js';
import { buildTestApp, type TestApp } from '../test/app.js';

/** SQLite's form of "the database is not available": another process holds the write lock past the busy timeout. */
describe('a SQLite database locked by another process', () => {
  let t: TestApp;
  let other: SQLite.Database;
  beforeAll(async () => {
    t = await buildTestApp({ dialect: 'sqlite' });
    // the app waits 5 s for a lock before giving up; what is tested is the answer once it gives up, so its
    // connection waits a quarter of a second here (the wait and the error that ends it are the same).
    await sql`pragma busy_timeout = 250`.execute(t.app.db);
    other = new SQLite(t.database.sqliteFile!);
  });
  afterAll(async () => {
    other.close();
    await t.close();
  });

  it('answers a write that waited in flight 503 service_unavailable with Retry-After, then serves once it is free', async () => {
    other.exec('begin exclusive');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contact/chat',
      payload: { name: 'Ana', message: 'Oi' },
    });
    other.exec('rollback');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ message: 'service_unavailable' });
    expect(res.headers['retry-after']).toBe('5');
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/contact/chat',
      payload: { name: 'Ana', message: 'Oi' },
    });
    expect(again.statusCode).toBe(200);
  });
});

describe('which errors mean the database is unavailable', () => {
  it.each([
    ['PostgreSQL shutting down', { code: '57P01', message: 'terminating connection due to administrator command' }],
    ['PostgreSQL starting up', { code: '57P03', message: 'the database system is starting up' }],
    ['a connection exception', { code: '08006', message: 'connection failure' }],
    ['too many connections', { code: '53300', message: 'sorry, too many clients already' }],
    ['a refused socket', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
    ['a connection cut mid-query', new Error('Connection terminated unexpectedly')],
    ['a pool that cannot connect in time', new Error('timeout exceeded when trying to connect')],
    ['SQLite busy', Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' })],
  ])('%s is a 503', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(toErrorReply(error)).toEqual({ status: 503, body: { message: 'service_unavailable' } });
  });

  it.each([
    ['a unique violation', { code: '23505', message: 'duplicate key' }],
    ['a syntax error (a bug)', { code: '42601', message: 'syntax error' }],
    ['a plain error', new Error('boom')],
  ])('%s is not', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
    expect(toErrorReply(error).status).toBe(500);
  });

  it('text PostgreSQL cannot store is a 400, not a 500', () => {
    expect(toErrorReply({ code: '22021', message: 'invalid byte sequence for encoding "UTF8": 0x00' })).toEqual({
      status: 400,
      body: { message: 'invalid_characters' },
    });
  });
});
