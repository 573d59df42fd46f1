import { CompiledQuery, type Kysely } from 'kysely';
import { changesOf } from '../db/database.js';
import type { Database } from '../db/schema.js';
import { versionChannel } from '../db/pg-listener.js';

/*
 * Version rows (decisions 010, 020, 031): one number per row, moved by triggers in the writer's own transaction on
 * every change to what the answers kept against it are made of, whoever writes (a service, a seed, psql) on whichever
 * node. The kept answers (lib/shared-cache.ts, `version` option) hold while their row stays where it was.
 */

/** The version rows: one number each, moved by triggers on every change to what their answers are made of. */
export type VersionTable = 'search_version' | 'article_version' | 'channel_version';

/** The version of a row as a read beginning now must see it; `known` answers it without a promise when it can. */
export interface VersionReader {
  (): Promise<number>;
  /** The version now, when this node knows it without reading the row (PostgreSQL, listening, no own write since); else undefined. */
  known(): number | undefined;
}

/** Runs `resume` after the I/O callbacks of this turn of the event loop (requests already read from sockets). */
const afterThisTurn = (resume: () => void) => void setImmediate(resume);

/**
 * Reads the version once for all the requests of a turn of the event loop, one read at a time. A caller never
 * joins a read already begun (it may have begun before a write the caller must see): it shares the next one,
 * which begins after the requests read in the same turn have asked too. Under load, one read (a round trip on
 * PostgreSQL, a read transaction on SQLite) answers many requests; alone, a request waits one turn for it.
 */
export function sharedReads(
  read: () => Promise<number>,
  defer: (resume: () => void) => void = afterThisTurn,
): () => Promise<number> {
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

const versionReaders = new WeakMap<Kysely<Database>, Map<VersionTable, VersionReader>>();

/**
 * The version of `table` as a read beginning now must see it: every write committed before the call is counted.
 * On SQLite the row is read (once per turn, `sharedReads`). On PostgreSQL (decision 031) the number is known
 * from the triggers' notifications, and the row is read only when they may have been missed — before this node
 * has listened since its last connection, or after a write of this process, whose notification may not have come
 * back yet (so the writer's node sees its write at once). Without a listening connection every read goes to the row.
 */
export function versionReader(db: Kysely<Database>, table: VersionTable): VersionReader {
  let readers = versionReaders.get(db);
  if (!readers) versionReaders.set(db, (readers = new Map()));
  const existing = readers.get(table);
  if (existing) return existing;
  const query = CompiledQuery.raw(`select version from ${table} where id = 1`);
  const readRow = sharedReads(async () =>
    Number((await db.executeQuery<{ version: number | string }>(query)).rows[0]?.version ?? 0),
  );
  const changes = changesOf(db);
  let reader: VersionReader = Object.assign(readRow, { known: () => undefined });
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
    const known = () =>
      listener.listening && checkedEpoch === listener.epoch && checkedWrites === writes() ? latest : undefined;
    const read = () => {
      const now = known();
      if (now !== undefined) return Promise.resolve(now);
      const epoch = listener.listening ? listener.epoch : -1;
      const ownWrites = writes();
      return readRow().then((version) => {
        latest = Math.max(latest, version);
        // what this read saw is known only if it began while listening, in the epoch still current.
        if (epoch !== -1 && epoch === listener.epoch) {
          if (checkedEpoch !== epoch) checkedWrites = -1;
          checkedEpoch = epoch;
          checkedWrites = Math.max(checkedWrites, ownWrites);
        }
        return latest;
      });
    };
    reader = Object.assign(read, { known });
  }
  readers.set(table, reader);
  return reader;
}
