import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { describeEachDialect } from '../../test/db.js';
import { publishArticle } from '../articles/test-support.js';
import { sharedReads } from '../../lib/version-rows.js';
import { countQueries, versionReads } from './test-support.js';

/** A read that settles when told to, answering the number of reads begun before it (its own included). */
function controlledReads() {
  let begun = 0;
  const pending: { resolve: (n: number) => void; reject: (e: Error) => void; n: number }[] = [];
  const read = () =>
    new Promise<number>((resolve, reject) => {
      begun += 1;
      pending.push({ resolve, reject, n: begun });
    });
  return {
    read,
    /** Settles the oldest read under way. */
    settle(error?: Error) {
      const next = pending.shift()!;
      if (error) next.reject(error);
      else next.resolve(next.n);
    },
    get begun() {
      return begun;
    },
    get pending() {
      return pending.length;
    },
  };
}

/** Lets the callers' continuations, and a read waiting for the turn to end, run. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('sharedReads: one version read per turn and at a time, never one begun before the caller', () => {
  it('makes the callers of one turn share a read, and those arriving while it runs share the next', async () => {
    const reads = controlledReads();
    const current = sharedReads(reads.read);
    const first = [current(), current(), current()];
    expect(reads.begun).toBe(0);
    await nextTurn();
    expect(reads.begun).toBe(1);
    const during = [current(), current()];
    await nextTurn();
    expect(reads.begun).toBe(1);
    reads.settle();
    expect(await Promise.all(first)).toEqual([1, 1, 1]);
    await nextTurn();
    expect(reads.begun).toBe(2);
    const late = current();
    reads.settle();
    expect(await Promise.all(during)).toEqual([2, 2]);
    await nextTurn();
    reads.settle();
    expect(await late).toBe(3);
  });

  it('gives every caller a read begun after it called', async () => {
    const reads = controlledReads();
    const current = sharedReads(reads.read);
    const calls: { beganBefore: number; answer: Promise<number> }[] = [];
    for (let round = 0; round < 30; round += 1) {
      for (let i = 0; i < round % 4; i += 1) calls.push({ beganBefore: reads.begun, answer: current() });
      if (round % 2) await nextTurn();
      if (reads.pending > 0 && round % 3 === 0) reads.settle();
    }
    for (let i = 0; i < 100 && (reads.pending > 0 || i < 3); i += 1) {
      if (reads.pending > 0) reads.settle();
      await nextTurn();
    }
    expect(calls.length).toBeGreaterThan(30);
    expect(reads.begun).toBeLessThan(calls.length / 3);
    for (const call of calls) expect(await call.answer).toBeGreaterThan(call.beganBefore);
  });

  it('passes a failed read to its callers and recovers for the next', async () => {
    const reads = controlledReads();
    const current = sharedReads(reads.read);
    const failing = current();
    await nextTurn();
    const waiting = current();
    reads.settle(new Error('database away'));
    await expect(failing).rejects.toThrow('database away');
    await nextTurn();
    reads.settle();
    expect(await waiting).toBe(2);
  });
});

describeEachDialect('searches and articles asked for together', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ dialect });
    await publishArticle(t.app, { title: 'Fado em Lisboa' });
  });
  afterAll(() => t.close());

  it('read the version once for the requests that arrive together, and answer each the same', async () => {
    const urls = ['/api/search?q=lisboa', '/api/article/fado-em-lisboa'];
    const first = await Promise.all(urls.map((url) => t.app.inject({ url })));
    const queries = countQueries(t.app);
    try {
      const together = await Promise.all(Array.from({ length: 10 }, (_, i) => t.app.inject({ url: urls[i % 2]! })));
      expect(together.map((r) => r.body)).toEqual(Array.from({ length: 10 }, (_, i) => first[i % 2]!.body));
      // One read of `search_version`, one of `article_version` (none on PostgreSQL: their moves are heard).
      expect(queries.count).toBe(2 * versionReads(dialect));
    } finally {
      queries.stop();
    }
  });
});
