import pino from 'pino';
import { z } from 'zod';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { createTestDatabase, describeEachDialect, type TestDatabase } from '../test/db.js';
import { startFakeService, type FakeService } from '../test/fake-service.js';
import { createProviderCache, type CachedSource, type ProviderCache } from './cache.js';
import { getJson } from './http-json.js';

const answer = z.object({ n: z.number() });

describeEachDialect('provider cache', (dialect) => {
  let database: TestDatabase;
  let fake: FakeService;
  let cache: ProviderCache;
  let clock: number;
  let logs: { msg: string; cause?: string }[];

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    fake = await startFakeService();
  });
  afterAll(async () => {
    await fake.close();
    await database.destroy();
  });
  beforeEach(async () => {
    await database.handle.db.deleteFrom('provider_cache').execute();
    fake.calls.length = 0;
    clock = 1_000_000;
    logs = [];
    const log = pino({ level: 'warn' }, { write: (line: string) => void logs.push(JSON.parse(line)) });
    cache = createProviderCache({
      db: database.handle.db,
      log,
      now: () => clock,
      timeoutMs: 200,
      retries: 2,
      retryDelayMs: 1,
    });
  });

  const source = (key = 'test:n'): CachedSource<{ n: number }> => ({
    key,
    freshForMs: 60_000,
    fetch: (signal) => getJson(new URL(`${fake.url}/n`), answer, { signal }),
    fallback: () => ({ n: -1 }),
  });

  it('serves a fresh answer from the cache without calling out', async () => {
    fake.on('/n', { json: { n: 1 } });
    expect(await cache.read(source())).toEqual({ n: 1 });
    clock += 59_999;
    fake.on('/n', { json: { n: 2 } });
    expect(await cache.read(source())).toEqual({ n: 1 });
    expect(fake.calls).toHaveLength(1);
  });

  it('serves a stale answer at once and refreshes it once in the background', async () => {
    fake.on('/n', { json: { n: 1 } });
    await cache.read(source());
    clock += 60_000;
    fake.on('/n', { json: { n: 2 } });
    const gate = fake.hold();
    const stale = await Promise.all([cache.read(source()), cache.read(source()), cache.read(source())]);
    expect(stale).toEqual([{ n: 1 }, { n: 1 }, { n: 1 }]);
    gate.release();
    await cache.idle();
    expect(fake.calls).toHaveLength(2);
    expect(await cache.read(source())).toEqual({ n: 2 });
  });

  it('gives up after the timeout, retries a bounded number of times, then serves the local default', async () => {
    fake.on('/n', { hang: true });
    expect(await cache.read(source())).toEqual({ n: -1 });
    expect(fake.calls).toHaveLength(3);
    expect(logs).toEqual([
      expect.objectContaining({ cause: 'timeout', msg: 'outside service failed; serving the local default' }),
    ]);
  });

  it('does not retry an answer a retry cannot change', async () => {
    fake.on('/n', { status: 404, json: {} });
    expect(await cache.read(source())).toEqual({ n: -1 });
    expect(fake.calls).toHaveLength(1);
  });

  it('logs a cause once until the service answers again', async () => {
    fake.on('/n', { status: 503, json: {} });
    await cache.read(source());
    await cache.read(source());
    fake.on('/n', { text: 'not json' });
    await cache.read(source());
    fake.on('/n', { json: { n: 3 } });
    expect(await cache.read(source())).toEqual({ n: 3 });
    clock += 60_000;
    fake.on('/n', { text: 'not json' });
    expect(await cache.read(source())).toEqual({ n: 3 });
    await cache.idle();
    expect(logs.map((l) => [l.cause, l.msg])).toEqual([
      ['server_error', 'outside service failed; serving the local default'],
      ['malformed', 'outside service failed; serving the local default'],
      ['malformed', 'outside service failed; serving the cached answer'],
    ]);
  });

  it('keeps keys apart', async () => {
    fake.on('/n', { json: { n: 4 } });
    await cache.read(source('test:a'));
    fake.on('/n', { json: { n: 5 } });
    expect(await cache.read(source('test:b'))).toEqual({ n: 5 });
    expect(await cache.read(source('test:a'))).toEqual({ n: 4 });
  });
});
