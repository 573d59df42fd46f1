import { CompiledQuery, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { etagOf, type CachedValue } from '../../lib/shared-cache.js';

/** The version rows: one number each, moved by triggers on every change to what their answers are made of. */
export type VersionTable = 'search_version' | 'article_version';

/** Computes an answer, kept in memory while its version row stays where it was; undefined answers are not kept. */
export type VersionedAnswers = <T>(key: string, compute: () => Promise<T | undefined>) => Promise<CachedValue<T> | undefined>;

/**
 * Reads the version at most once at a time. A caller never joins a read already under way (it may have begun
 * before a write the caller must see): it waits for the next one, which every caller arriving meanwhile shares.
 * Under load on PostgreSQL, where a read is a round trip, one read answers many requests.
 */
export function sharedReads(read: () => Promise<number>): () => Promise<number> {
  let running: Promise<number> | undefined;
  let waiting: Promise<number> | undefined;
  const start = () => {
    const current = read();
    running = current;
    const done = () => {
      if (running === current) running = undefined;
    };
    current.then(done, done);
    return current;
  };
  return () => {
    if (waiting) return waiting;
    if (!running) return start();
    const next = running.then(
      () => undefined,
      () => undefined,
    );
    waiting = next.then(() => {
      waiting = undefined;
      return start();
    });
    return waiting;
  };
}

/**
 * Answers kept in this node's memory with the version they were computed at (decisions 010 and 020). The
 * version row moves in the writer's own transaction (triggers), whoever the writer and whichever the node, so
 * reading that one row tells whether a kept answer still holds: a write is seen by the next read on every node,
 * with no message between nodes. `limit` answers at most; the least recently used is forgotten first.
 */
export function versionedAnswers(db: Kysely<Database>, table: VersionTable, limit: number): VersionedAnswers {
  const query = CompiledQuery.raw(`select version from ${table} where id = 1`);
  const currentVersion = sharedReads(async () => Number((await db.executeQuery<{ version: number | string }>(query)).rows[0]?.version ?? 0));
  const entries = new Map<string, { version: number; answer: CachedValue<unknown> }>();
  return async function answer<T>(key: string, compute: () => Promise<T | undefined>): Promise<CachedValue<T> | undefined> {
    // NOTE: the version is read before the answer is computed, so an answer is never older than its version.
    const version = await currentVersion();
    const kept = entries.get(key);
    if (kept?.version === version) {
      entries.delete(key);
      entries.set(key, kept);
      return kept.answer as CachedValue<T>;
    }
    const value = await compute();
    entries.delete(key);
    if (value === undefined) return undefined;
    const json = JSON.stringify(value);
    const computed = { value, json, etag: etagOf(json) };
    if (entries.size >= limit) entries.delete(entries.keys().next().value!);
    entries.set(key, { version, answer: computed });
    return computed;
  };
}

/** Search answers (both searches), kept until `search_version` moves (migration 2026_11_25_500). */
export function searchAnswers(db: Kysely<Database>): VersionedAnswers {
  return versionedAnswers(db, 'search_version', 1000);
}
