import { createHash, randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { MessageKey } from '@papo/contract/message-keys';
import { isRecord } from '@papo/contract/records';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import { currentReads, everySource, onWrites, readingInto, tableOf, touches, type Source } from '../db/changes.js';
import { changesOf } from '../db/database.js';
import type { Database } from '../db/schema.js';
import type { Bus } from './bus.js';
import { alwaysRead, bodyOf, sendBody, sendCached, type CachedValue } from './conditional.js';
import { httpError } from './http-error.js';
import type { PgListener } from '../db/pg-listener.js';
import { worthWaitingForRedis } from './redis.js';
import { versionReader, type VersionReader, type VersionTable } from './version-rows.js';

/*
 * The one way the server keeps answers in memory (decisions 033 and 053): pages, public answers and member reads alike
 * are named caches of this registry, each bounded by `lru-cache` (the least recently used forgotten first). Each
 * record keeps the sources it was made of — the tables its load read (db/changes.ts sees every statement) and the
 * sources of the kept records it read, narrowed to some keys' rows where its cache says so (`rows`). Every commit on
 * the database tells its sources (db/changes.ts); this registry forgets every record, of any cache, that read one of
 * them, and sends them on to every other node in one bus message (Redis and/or PostgreSQL notifications, decision
 * 031), which do the same. A node that does not hear the bus trusts nothing it keeps. A cache may also hold its
 * records against a version row (`version`), moved by triggers whoever writes (seeds, psql).
 */

interface CacheOptions<K, V> {
  /** How many records are kept (1,000 unless given), the least recently used forgotten first. */
  maxEntries?: number;
  /**
   * The record's ETag, for values that are not sent as JSON (a kept page holds its finished bytes and their ETag):
   * given, nothing is serialised.
   */
  etag?: (value: V) => string;
  /**
   * Kept while this version row stays where it was (lib/version-rows.ts), as well as until a write of what it read:
   * for answers made of tables written outside the server too (seeds, hand edits), whose triggers move the row.
   */
  version?: VersionTable;
  /**
   * The keys whose rows a record read, by keyed table (db/changes.ts `keyed`: a member's rows, the conversations it
   * shows): a write of other keys' rows of those tables then leaves it kept. Tables not named stay read whole.
   */
  rows?: (key: K, value: V | undefined) => Readonly<Record<string, readonly (number | string)[]>>;
}

/** A value now, or a promise of it: what a read answered from memory without a promise returns. */
export type Maybe<T> = T | Promise<T>;

/** One named cache of records, keyed by id. */
export interface SharedCache<K extends string | number, V> {
  /** The cached record, loading it on a miss; undefined (not cached) when the loader finds nothing. */
  get(key: K): Promise<CachedValue<V> | undefined>;
  /** The kept record when this node may serve it now, without a load or a promise; undefined means ask `get`. */
  peek(key: K): CachedValue<V> | undefined;
  /** The kept record at once when this node may serve it (`peek`), else a promise of it (`get`): what routes send. */
  read(key: K): Maybe<CachedValue<V> | undefined>;
  /** The sources the kept record of `key` was made of, if one is kept (tests, diagnostics). */
  sourcesOf(key: K): readonly Source[] | undefined;
}

export interface CacheRegistry {
  /** A new cache named `name` with its loader. */
  cache<K extends string | number, V>(
    name: string,
    load: (key: K) => Promise<V | undefined>,
    opts?: CacheOptions<K, V>,
  ): SharedCache<K, V>;
  /**
   * Forgets every record that read one of `sources` here, and sends them to every other node: what the database's
   * commits call (`linkToDatabase`). Settles once sent.
   */
  wrote(sources: readonly Source[]): Promise<void>;
  /** Settles once every `wrote` under way has been sent. */
  sent(): Promise<void>;
  /** Whether this node may serve announced caches from memory: always alone; with Redis or PostgreSQL only while it hears the others. */
  readonly trusted: boolean;
  /** Settles once subscribed to the other nodes' writes (at once without Redis). */
  readonly ready: Promise<void>;
  /** Emits `heard` (the sources) for each write heard from another node. */
  readonly events: EventEmitter;
  /** Reads answered from memory (hits) and by loading (misses) since start, by cache name. */
  stats(): Map<string, { hits: number; misses: number }>;
}

declare module 'fastify' {
  interface FastifyInstance {
    caches: CacheRegistry;
  }
}

const maxEntriesPerCache = 1000;
const connectTimeoutMs = 1000;
const listenTimeoutMs = 10_000;
const cacheTopic = 'wrote';

export function etagOf(json: string): string {
  return `"${createHash('sha1').update(json).digest('base64url')}"`;
}

/** A write as the bus carries it; anything else heard on the topic is ignored. */
function parseWrite(message: string): { sources: Source[]; from: unknown } | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(message);
  } catch {
    return undefined;
  }
  if (!isRecord(parsed) || !Array.isArray(parsed.sources)) return undefined;
  const sources = parsed.sources.filter((source): source is string => typeof source === 'string');
  return { sources, from: parsed.from };
}

/** What an entry holds: the record, what it was made of and, in a versioned cache, the version it was computed at. */
interface Entry<V> {
  kept: CachedValue<V>;
  version: number | undefined;
  sources: readonly Source[];
}

/** A load under way, and the writes heard since it began: it is stored only if none of them touches what it read. */
interface Load {
  heard: Source[];
}

/** The records of one cache by what they read: table, then source (the table itself or one key's rows), then keys. */
class SourceIndex {
  private readonly tables = new Map<string, Map<Source, Set<string>>>();

  add(key: string, sources: readonly Source[]): void {
    for (const source of sources) {
      const table = tableOf(source);
      let bySource = this.tables.get(table);
      if (!bySource) this.tables.set(table, (bySource = new Map()));
      let keys = bySource.get(source);
      if (!keys) bySource.set(source, (keys = new Set()));
      keys.add(key);
    }
  }

  remove(key: string, sources: readonly Source[]): void {
    for (const source of sources) {
      const bySource = this.tables.get(tableOf(source));
      const keys = bySource?.get(source);
      keys?.delete(key);
      if (keys?.size === 0) bySource?.delete(source);
      if (bySource?.size === 0) this.tables.delete(tableOf(source));
    }
  }

  /** The keys of records that read something `written` changes. */
  touchedBy(written: Source, into: Set<string>): void {
    const table = tableOf(written);
    const bySource = this.tables.get(table);
    if (!bySource) return;
    const take = (keys: Set<string> | undefined) => keys?.forEach((key) => into.add(key));
    if (written === table) bySource.forEach(take);
    else {
      take(bySource.get(written));
      take(bySource.get(table));
    }
  }
}

/**
 * `read` with the tables `rows` names replaced by those keys' rows. A table narrowed to no row keeps `table:*`, which
 * only a write of the whole table reaches (db/changes.ts `touches`): an empty list is still made of which rows exist,
 * and a row coming into it is told as the whole table (a new conversation) or by the key it names.
 */
function narrowed(read: Iterable<Source>, rows: Readonly<Record<string, readonly (number | string)[]>> | undefined) {
  const sources = new Set<Source>();
  for (const source of read) {
    const keys = rows?.[source];
    if (!keys) sources.add(source);
    else if (keys.length === 0) sources.add(`${source}:*`);
    else for (const key of keys) sources.add(`${source}:${key}`);
  }
  return [...sources];
}

/**
 * In-memory caches forgotten by what they read, on every node through the bus. A node that does not hear the bus
 * (Redis down, the listening connection lost, not yet connected) cannot know of other nodes' writes, so it empties
 * its caches and reads the database until it hears again: a stale answer is never served. Versioned caches need `db`
 * (their version rows).
 */
export function createCacheRegistry(opts: { bus: Bus; db?: Kysely<Database> }): CacheRegistry {
  const { bus } = opts;
  const caches = new Set<{ forget(written: readonly Source[]): void }>();
  const loads = new Set<Load>();
  const events = new EventEmitter();
  const counts = new Map<string, { hits: number; misses: number }>();
  const sending = new Set<Promise<void>>();
  const forgetHere = (written: readonly Source[]) => {
    for (const load of loads) load.heard.push(...written);
    for (const cache of caches) cache.forget(written);
  };

  // whatever was written while this node was deaf is unknown: start from empty, on losing and on regaining.
  bus.onStateChange(() => forgetHere([everySource]));
  // this registry forgets at once what it announces; its own announcement, heard back later (Redis and
  // PostgreSQL send a node its own messages), would forget pages kept since, for nothing.
  const origin = randomUUID();
  bus.on(cacheTopic, (message) => {
    const heard = parseWrite(message);
    if (!heard || heard.from === origin) return;
    forgetHere(heard.sources);
    events.emit('heard', heard.sources);
  });

  // a failed publish is warned by the bus; Redis being away also deafens the other nodes, which then empty their caches.
  function wrote(written: readonly Source[]): Promise<void> {
    forgetHere(written);
    const sent = bus.publish(cacheTopic, JSON.stringify({ sources: written, from: origin }));
    sending.add(sent);
    return sent.finally(() => sending.delete(sent));
  }

  const registry: CacheRegistry = {
    wrote,
    sent: async () => void (await Promise.all(sending)),
    get trusted() {
      return bus.up;
    },
    ready: bus.ready,
    events,
    stats: () => counts,
    cache<K extends string | number, V>(
      name: string,
      load: (key: K) => Promise<V | undefined>,
      cacheOpts: CacheOptions<K, V> = {},
    ): SharedCache<K, V> {
      const index = new SourceIndex();
      const entries = new LRUCache<string, Entry<V>>({
        max: cacheOpts.maxEntries ?? maxEntriesPerCache,
        dispose: (entry, key) => index.remove(key, entry.sources),
      });
      const versions: VersionReader | undefined = cacheOpts.version && versionOf(opts.db, cacheOpts.version);
      const count = counts.get(name) ?? { hits: 0, misses: 0 };
      counts.set(name, count);
      caches.add({
        forget(written) {
          if (written.includes(everySource)) return entries.clear();
          const keys = new Set<string>();
          for (const source of written) index.touchedBy(source, keys);
          for (const key of keys) entries.delete(key);
        },
      });

      /** Whether `entry` may be served now, the version row being at `version` (versioned caches). */
      const holds = (entry: Entry<V> | undefined, version: number | undefined): entry is Entry<V> =>
        entry !== undefined && (versions ? version !== undefined && entry.version === version : registry.trusted);

      const make = (value: V): CachedValue<V> => {
        if (cacheOpts.etag) return { value, json: '', etag: cacheOpts.etag(value) };
        const json = JSON.stringify(value);
        return { value, json, etag: etagOf(json) };
      };

      /** The kept record's sources join those of the load reading it (a page's render reading this answer). */
      const served = (entry: Entry<V>): CachedValue<V> => {
        count.hits += 1;
        const reading = currentReads();
        if (reading) for (const source of entry.sources) reading.add(source);
        return entry.kept;
      };

      async function get(key: K): Promise<CachedValue<V> | undefined> {
        const id = String(key);
        // the version is read before the record is loaded, so a record is never older than its version.
        const version = versions && (await versions());
        const hit = entries.get(id);
        if (holds(hit, version)) return served(hit);
        count.misses += 1;
        const outer = currentReads();
        const read = new Set<Source>();
        // a load that began before a write of what it reads may carry the old rows; it must not be stored.
        const pending: Load = { heard: [] };
        loads.add(pending);
        let value: V | undefined;
        try {
          value = await readingInto(read, () => load(key));
        } finally {
          loads.delete(pending);
        }
        const sources = narrowed(read, cacheOpts.rows?.(key, value));
        if (outer) for (const source of sources) outer.add(source);
        if (value === undefined) return undefined;
        const kept = make(value);
        const stale = pending.heard.some((written) => sources.some((source) => touches(written, source)));
        if ((versions || registry.trusted) && !stale) {
          entries.set(id, { kept, version, sources });
          index.add(id, sources);
        }
        return kept;
      }

      function peek(key: K): CachedValue<V> | undefined {
        const hit = entries.get(String(key));
        // a peek that finds nothing is followed by a `get`, which counts the read.
        return holds(hit, versions?.known()) ? served(hit) : undefined;
      }

      return {
        get,
        peek,
        read: (key) => peek(key) ?? get(key),
        sourcesOf: (key) => entries.peek(String(key))?.sources,
      };
    },
  };
  return registry;
}

function versionOf(db: Kysely<Database> | undefined, table: VersionTable): VersionReader {
  if (!db) throw new Error(`a cache kept against ${table} needs the registry's database`);
  return versionReader(db, table);
}

/** How a kept answer goes out: a public read (ETag, `public, no-cache`, 304) or a member's own read (its bytes only). */
type KeptAudience = 'public' | 'member';

/**
 * The one way a route answers from a cache: `kept` is a cache's `read(key)` (or a record made from kept parts), sent
 * in the turn its request arrived when the node holds it (so a handler that returns this is not `async`), else once
 * loaded. A record the loader did not find is 404 `missing`; without `missing` the read always finds something (a
 * list, a member's own page), and finding nothing is a server fault (`alwaysRead`: 500).
 */
export function sendKept(
  request: FastifyRequest,
  reply: FastifyReply,
  kept: Maybe<CachedValue<unknown> | undefined>,
  opts: { audience: KeptAudience; missing?: MessageKey },
): Maybe<FastifyReply> {
  const send = (found: CachedValue<unknown> | undefined): FastifyReply => {
    if (!found && opts.missing) throw httpError(404, opts.missing);
    if (opts.audience === 'public') return sendCached(request, reply, found);
    return sendBody(reply, bodyOf(alwaysRead(found), request.headers['accept-encoding']));
  };
  return kept instanceof Promise ? kept.then(send) : send(kept);
}

/** A bus that hears no one: a registry over it keeps no announced answer (nothing could tell it of a write). */
const deafBus: Bus = {
  publish: async () => undefined,
  on: () => undefined,
  up: false,
  onStateChange: () => undefined,
  ready: Promise.resolve(),
  close: async () => undefined,
};

const deafRegistries = new WeakMap<FastifyInstance, CacheRegistry>();

/**
 * The app's registry (`app.caches`); for an app put together without one (a hand-built node of a cluster test), a
 * registry that keeps no announced answer, so such a node reads the database each time.
 */
export function cachesOf(app: FastifyInstance): CacheRegistry {
  if (app.hasDecorator('caches')) return app.caches;
  let deaf = deafRegistries.get(app);
  if (!deaf)
    deafRegistries.set(
      app,
      (deaf = createCacheRegistry({ bus: deafBus, db: app.hasDecorator('db') ? app.db : undefined })),
    );
  return deaf;
}

/** Waits at most `ms` for `ready`. */
async function readyOrTimeout(ready: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)));
  await Promise.race([ready, timeout]);
  clearTimeout(timer);
}

/**
 * Waits for the subscriptions, so the first reads can already be cached: PostgreSQL's listening connection for up to
 * `listenTimeoutMs` (the database has just answered the migrations, so it connects unless the machine is very busy;
 * until it does, nothing is kept), then Redis briefly (Redis down does not hold up the start).
 */
async function subscribedOrTimeout(
  registry: CacheRegistry,
  listener: PgListener | undefined,
  waitForRedis: boolean,
): Promise<void> {
  if (listener) await readyOrTimeout(listener.ready, listenTimeoutMs);
  if (waitForRedis) await readyOrTimeout(registry.ready, connectTimeoutMs);
}

/**
 * Makes `registry` hear the commits made through `db` (db/changes.ts) until the returned function is called, which
 * settles once what it heard has been sent: an app's registry, or an admin command's, which keeps nothing and only
 * passes the writes on to the nodes.
 */
export function linkToDatabase(db: Kysely<Database>, registry: CacheRegistry): () => Promise<void> {
  const stop = onWrites(db, (sources) => void registry.wrote(sources));
  return () => {
    stop();
    return registry.sent();
  };
}

/** `app.caches`: the registry over the app's bus (`app.bus`), reachable by the app's database's writers. */
export const cachePlugin = fp(
  async (app) => {
    const db = app.hasDecorator('db') ? app.db : undefined;
    const registry = createCacheRegistry({ bus: app.bus, db });
    app.decorate('caches', registry);
    if (db) {
      const unlink = linkToDatabase(db, registry);
      app.addHook('onClose', () => unlink());
    }
    await subscribedOrTimeout(registry, db ? changesOf(db)?.listener : undefined, await worthWaitingForRedis(app));
  },
  { name: 'papo-caches' },
);
