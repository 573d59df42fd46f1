import { createHash, randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { MessageKey } from '@papo/contract/message-keys';
import { isRecord } from '@papo/contract/records';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import { changesOf } from '../db/database.js';
import type { Database } from '../db/schema.js';
import type { Bus } from './bus.js';
import { alwaysRead, bodyOf, sendBody, sendCached, type CachedValue } from './conditional.js';
import { httpError } from './http-error.js';
import type { PgListener } from '../db/pg-listener.js';
import { versionReader, type VersionReader, type VersionTable } from './version-rows.js';

/*
 * The one way the server keeps answers in memory (decision 033): pages, public answers and member reads alike are
 * named caches of this registry, each bounded by `lru-cache` (the least recently used forgotten first). A kept
 * answer stops holding in one of two ways, chosen per cache:
 * - announced: the writer calls `forgetAfterCommit` (or a feature's wrapper of it) once its write is committed, and
 *   every node forgets the key over the bus (Redis and/or PostgreSQL notifications, decision 031); a node that does
 *   not hear the bus trusts nothing it keeps;
 * - versioned (`version` option): kept with the version row it was computed at, moved by triggers whoever writes.
 */

interface CacheOptions<V> {
  /** How many records are kept (1,000 unless given), the least recently used forgotten first. */
  maxEntries?: number;
  /**
   * The record's ETag, for values that are not sent as JSON (a kept page holds its finished bytes and their ETag):
   * given, nothing is serialised.
   */
  etag?: (value: V) => string;
  /**
   * Kept while this version row stays where it was (lib/version-rows.ts), instead of until announced: for answers
   * made of tables with many writers (seeds, staff, hand edits), whose triggers move the row.
   */
  version?: VersionTable;
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
  /** Forgets the key here and on every other node; call it right after the write is committed. */
  invalidate(key: K): Promise<void>;
  /** Forgets every key here and on every other node (for caches of derived answers: pages, lists). */
  invalidateAll(): Promise<void>;
}

export interface CacheRegistry {
  /** A new cache named `name` with its loader; every cache of that name hears the name's invalidations. */
  cache<K extends string | number, V>(
    name: string,
    load: (key: K) => Promise<V | undefined>,
    opts?: CacheOptions<V>,
  ): SharedCache<K, V>;
  /**
   * Forgets `key` (every key when omitted) of the caches named `name` here and on every other node, whether or not
   * this node has made such a cache yet: what a writer calls after its commit, without knowing the loader.
   */
  forget(name: string, key?: string | number): Promise<void>;
  /** Whether this node may serve announced caches from memory: always alone; with Redis or PostgreSQL only while it hears the others. */
  readonly trusted: boolean;
  /** Settles once subscribed to the other nodes' invalidations (at once without Redis). */
  readonly ready: Promise<void>;
  /** Emits `invalidated` (cache name, key) for each invalidation heard from another node. */
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
const cacheTopic = 'cache';

export function etagOf(json: string): string {
  return `"${createHash('sha1').update(json).digest('base64url')}"`;
}

/** An invalidation as the bus carries it; anything else heard on the topic is ignored. */
function parseInvalidation(message: string): { cache: string; key: string; from: unknown } | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(message);
  } catch {
    return undefined;
  }
  if (!isRecord(parsed) || typeof parsed.cache !== 'string' || typeof parsed.key !== 'string') return undefined;
  return { cache: parsed.cache, key: parsed.key, from: parsed.from };
}

/** What an entry holds: the record and, in a versioned cache, the version it was computed at. */
interface Entry<V> {
  kept: CachedValue<V>;
  version: number | undefined;
}

/**
 * In-memory caches whose invalidations reach every node over the bus. A node that does not hear the bus (Redis
 * down, the listening connection lost, not yet connected) cannot know of other nodes' writes, so it empties its
 * announced caches and reads the database until it hears again: a stale answer is never served. Versioned caches
 * need `db` (their version rows).
 */
export function createCacheRegistry(opts: { bus: Bus; db?: Kysely<Database> }): CacheRegistry {
  const { bus } = opts;
  const forgetters = new Map<string, Set<(key: string) => void>>();
  const events = new EventEmitter();
  const forgetHere = (name: string, key: string) => forgetters.get(name)?.forEach((forget) => forget(key));
  const clearAll = () => forgetters.forEach((forgets) => forgets.forEach((forget) => forget('')));
  const counts = new Map<string, { hits: number; misses: number }>();

  // NOTE: whatever was written while this node was deaf is unknown: start from empty, on losing and on regaining.
  bus.onStateChange(clearAll);
  // NOTE: this registry forgets at once what it announces; its own announcement, heard back later (Redis and
  // PostgreSQL send a node its own messages), would forget pages kept since, for nothing.
  const origin = randomUUID();
  bus.on(cacheTopic, (message) => {
    const heard = parseInvalidation(message);
    if (!heard || heard.from === origin) return;
    forgetHere(heard.cache, heard.key);
    events.emit('invalidated', heard.cache, heard.key);
  });

  // NOTE: the empty key means every key (a node hearing it empties the cache).
  // NOTE: a failed publish is warned by the bus; Redis being away also deafens the other nodes, which then empty their caches.
  async function forget(name: string, key: string): Promise<void> {
    forgetHere(name, key);
    await bus.publish(cacheTopic, JSON.stringify({ cache: name, key, from: origin }));
  }

  const registry: CacheRegistry = {
    forget: (name, key) => forget(name, key === undefined ? '' : String(key)),
    get trusted() {
      return bus.up;
    },
    ready: bus.ready,
    events,
    stats: () => counts,
    cache<K extends string | number, V>(
      name: string,
      load: (key: K) => Promise<V | undefined>,
      cacheOpts: CacheOptions<V> = {},
    ): SharedCache<K, V> {
      const entries = new LRUCache<string, Entry<V>>({ max: cacheOpts.maxEntries ?? maxEntriesPerCache });
      const versions: VersionReader | undefined = cacheOpts.version && versionOf(opts.db, cacheOpts.version);
      // NOTE: a load that began before an invalidation may carry the old row; it must not be stored.
      let generation = 0;
      const named = forgetters.get(name) ?? new Set();
      forgetters.set(name, named);
      const count = counts.get(name) ?? { hits: 0, misses: 0 };
      counts.set(name, count);
      named.add((key) => {
        generation += 1;
        if (key) entries.delete(key);
        else entries.clear();
      });

      /** Whether `entry` may be served now, the version row being at `version` (versioned caches). */
      const holds = (entry: Entry<V> | undefined, version: number | undefined): entry is Entry<V> =>
        entry !== undefined && (versions ? version !== undefined && entry.version === version : registry.trusted);

      const make = (value: V): CachedValue<V> => {
        if (cacheOpts.etag) return { value, json: '', etag: cacheOpts.etag(value) };
        const json = JSON.stringify(value);
        return { value, json, etag: etagOf(json) };
      };

      async function get(key: K): Promise<CachedValue<V> | undefined> {
        const id = String(key);
        // NOTE: the version is read before the record is loaded, so a record is never older than its version.
        const version = versions && (await versions());
        const hit = entries.get(id);
        if (holds(hit, version)) {
          count.hits += 1;
          return hit.kept;
        }
        count.misses += 1;
        const started = generation;
        const value = await load(key);
        if (value === undefined) return undefined;
        const kept = make(value);
        if ((versions || registry.trusted) && started === generation) entries.set(id, { kept, version });
        return kept;
      }

      function peek(key: K): CachedValue<V> | undefined {
        const hit = entries.get(String(key));
        if (!holds(hit, versions?.known())) return undefined;
        // NOTE: a peek that finds nothing is followed by a `get`, which counts the read.
        count.hits += 1;
        return hit.kept;
      }

      return {
        get,
        peek,
        read: (key) => peek(key) ?? get(key),
        invalidate: (key) => forget(name, String(key)),
        invalidateAll: () => forget(name, ''),
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
async function subscribedOrTimeout(registry: CacheRegistry, listener: PgListener | undefined): Promise<void> {
  if (listener) await readyOrTimeout(listener.ready, listenTimeoutMs);
  await readyOrTimeout(registry.ready, connectTimeoutMs);
}

// NOTE: writers get a database, not the app (repos are plain functions over Kysely): every app built over a
// database links its registry here (two nodes of one test may share one database, hence a set).
const registriesByDatabase = new WeakMap<object, Set<CacheRegistry>>();

/**
 * Forgets `keys` (every key when none are given) of the caches `name` on every node of the apps over `db`: what a
 * writer that has only the database calls once its write is committed. Called with a transaction it throws: a read
 * between the call and the commit would cache the old rows again, so the caller announces after its transaction.
 */
export async function forgetAfterCommit(
  db: { readonly isTransaction: boolean },
  name: string,
  keys?: readonly (string | number)[],
): Promise<void> {
  if (db.isTransaction)
    throw new Error(`forgetAfterCommit(${name}): announce the change after the transaction commits`);
  const linked = registriesByDatabase.get(db);
  // NOTE: no app over this database (a seed, a script): nothing is cached.
  if (!linked?.size) return;
  const forgets = [...linked].flatMap((registry) =>
    keys ? [...new Set(keys)].map((key) => registry.forget(name, key)) : [registry.forget(name)],
  );
  await Promise.all(forgets);
}

/**
 * Makes `registry` hear what `db`'s writers announce (`forgetAfterCommit`) until the returned function is called: an
 * app's registry, or an admin command's, which keeps nothing and only passes the announcements on to the nodes.
 */
export function linkToDatabase(db: Kysely<Database>, registry: CacheRegistry): () => void {
  const linked = registriesByDatabase.get(db) ?? new Set<CacheRegistry>();
  registriesByDatabase.set(db, linked);
  linked.add(registry);
  return () => void linked.delete(registry);
}

/** `app.caches`: the registry over the app's bus (`app.bus`), reachable by the app's database's writers. */
export const cachePlugin = fp(
  async (app) => {
    const db = app.hasDecorator('db') ? app.db : undefined;
    const registry = createCacheRegistry({ bus: app.bus, db });
    app.decorate('caches', registry);
    if (db) {
      const unlink = linkToDatabase(db, registry);
      app.addHook('onClose', async () => unlink());
    }
    await subscribedOrTimeout(registry, db ? changesOf(db)?.listener : undefined);
  },
  { name: 'papo-caches' },
);
