import { CompiledQuery, type Kysely } from 'kysely';
import { changesOf } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { versionChannel } from '../../lib/pg-listener.js';
import { etagOf, type CachedValue } from '../../lib/shared-cache.js';

/** The version rows: one number each, moved by triggers on every change to what their answers are made of. */
export type VersionTable = 'search_version' | 'article_version' | 'channel_version';

/** Computes an answer, kept in memory while its version row stays where it was; undefined answers are not kept. */
export type VersionedAnswers = <T>(key: string, compute: () => Promise<T | undefined>) => Promise<CachedValue<T> | undefined>;

/** Runs `resume` after the I/O callbacks of this turn of the event loop (requests already read from sockets). */
const afterThisTurn = (resume: () => void) => void setImmediate(resume);

/**
 * Reads the version once for all the requests of a turn of the event loop, one read at a time. A caller never
 * joins a read already begun (it may have begun before a write the caller must see): it shares the next one,
 * which begins after the requests read in the same turn have asked too. Under load, one read (a round trip on
 * PostgreSQL, a read transaction on SQLite) answers many requests; alone, a request waits one turn for it.
 */
export function sharedReads(read: () => Promise<number>, defer: (resume: () => void) => void = afterThisTurn): () => Promise<number> {
  /** Settles when the read under way has; `busy` while it runs. */
  let running: Promise<unknown> = Promise.resolve();
  let busy = false;
  /** The read not yet begun, shared by every caller until it begins. */
  let next: Promise<number> | undefined;
  return () => {
    if (next) return next;
    const previous = busy ? running : undefined;
    next = (async () => {
      if (previous) await previous;
      await new Promise<void>((resume) => defer(resume));
      next = undefined;
      busy = true;
      const current = read();
      running = current.then(
        () => void (busy = false),
        () => void (busy = false),
      );
      return current;
    })();
    return next;
  };
}

const versionReaders = new WeakMap<Kysely<Database>, Map<VersionTable, () => Promise<number>>>();

/**
 * The version of `table` as a read beginning now must see it: every write committed before the call is counted.
 * On SQLite the row is read (once per turn, `sharedReads`). On PostgreSQL (decision 031) the number is known
 * from the triggers' notifications, and the row is read only when they may have been missed — before this node
 * has listened since its last connection, or after a write of this process, whose notification may not have come
 * back yet (so the writer's node sees its write at once). Without a listening connection every read goes to the row.
 */
export function versionReader(db: Kysely<Database>, table: VersionTable): () => Promise<number> {
  let readers = versionReaders.get(db);
  if (!readers) versionReaders.set(db, (readers = new Map()));
  const existing = readers.get(table);
  if (existing) return existing;
  const query = CompiledQuery.raw(`select version from ${table} where id = 1`);
  const readRow = sharedReads(async () => Number((await db.executeQuery<{ version: number | string }>(query)).rows[0]?.version ?? 0));
  const changes = changesOf(db);
  let reader = readRow;
  if (changes) {
    const { listener, writes } = changes;
    /** The highest version heard or read (versions only grow). */
    let latest = 0;
    /** The listening epoch and the count of own writes as of the last read begun while listening. */
    let checkedEpoch = -1;
    let checkedWrites = -1;
    listener.on(versionChannel, (payload) => {
      const [name, version] = payload.split(':');
      if (name === table) latest = Math.max(latest, Number(version));
    });
    reader = () => {
      if (listener.listening && checkedEpoch === listener.epoch && checkedWrites === writes()) return Promise.resolve(latest);
      const epoch = listener.listening ? listener.epoch : -1;
      const ownWrites = writes();
      return readRow().then((version) => {
        latest = Math.max(latest, version);
        // NOTE: what this read saw is known only if it began while listening, in the epoch still current.
        if (epoch !== -1 && epoch === listener.epoch) {
          if (checkedEpoch !== epoch) checkedWrites = -1;
          checkedEpoch = epoch;
          checkedWrites = Math.max(checkedWrites, ownWrites);
        }
        return latest;
      });
    };
  }
  readers.set(table, reader);
  return reader;
}

/**
 * Answers kept in this node's memory with the version they were computed at (decisions 010 and 020). The
 * version row moves in the writer's own transaction (triggers), whoever the writer and whichever the node, so
 * reading that one row tells whether a kept answer still holds: a write is seen by the next read on every node,
 * with no message between nodes. `limit` answers at most; the least recently used is forgotten first.
 */
export function versionedAnswers(db: Kysely<Database>, table: VersionTable, limit: number): VersionedAnswers {
  const currentVersion = versionReader(db, table);
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
