import { createHash, randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import fp from 'fastify-plugin';
import { changesOf } from '../db/database.js';
import type { Bus } from './bus.js';
import type { PgListener } from './pg-listener.js';

/**
 * A value kept in memory with what a conditional request needs: its JSON and a strong ETag of it.
 * NOTE: built once per load, so a cached read neither serialises nor hashes again.
 */
export interface CachedValue<V> {
  value: V;
  /** Its JSON; empty in a cache whose values are sent as their own bytes (`etag` option: a kept page). */
  json: string;
  etag: string;
}

interface CacheOptions<V> {
  /** How many records are kept (1,000 unless given), the oldest forgotten first. */
  maxEntries?: number;
  /**
   * The record's ETag, for values that are not sent as JSON (a kept page holds its finished bytes and their ETag):
   * given, nothing is serialised.
   */
  etag?: (value: V) => string;
}

/** One named cache of rarely changing records, keyed by id. */
export interface SharedCache<K extends string | number, V> {
  /** The cached record, loading it on a miss; undefined (not cached) when the loader finds nothing. */
  get(key: K): Promise<CachedValue<V> | undefined>;
  /** The kept record when this node may serve it now, without a load or a promise; undefined means ask `get`. */
  peek(key: K): CachedValue<V> | undefined;
  /** Forgets the key here and on every other node; call it right after the write is committed. */
  invalidate(key: K): Promise<void>;
  /** Forgets every key here and on every other node (for caches of derived answers: pages, lists). */
  invalidateAll(): Promise<void>;
}

export interface CacheRegistry {
  /**
   * The cache of that name, created on first use with its loader (the same one for every caller); it keeps
   * `maxEntries` (1,000 unless given), forgetting the oldest first.
   */
  cache<K extends string | number, V>(name: string, load: (key: K) => Promise<V | undefined>, opts?: CacheOptions<V>): SharedCache<K, V>;
  /**
   * Forgets `key` (every key when omitted) of the cache `name` here and on every other node, whether or not
   * this node has used that cache yet: what a writer calls after its commit, without knowing the loader.
   */
  forget(name: string, key?: string | number): Promise<void>;
  /** Whether this node may serve from memory: always alone; with Redis only while it hears the others. */
  readonly trusted: boolean;
  /** Settles once subscribed to the other nodes' invalidations (at once without Redis). */
  readonly ready: Promise<void>;
  /** Emits `invalidated` (cache name, key) for each invalidation heard from Redis. */
  readonly events: EventEmitter;
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

/** A value now, or a promise of it: what a read answered from memory without a promise returns. */
export type Maybe<T> = T | Promise<T>;

/**
 * Runs `next` on `value` at once, or once it settles when it is a promise. A route handler that is not `async`
 * and returns this sends a kept answer in the turn its request arrived, without a promise or a microtask; an
 * error `next` throws is the handler's, as an async handler's rejection would be.
 */
export function thenMaybe<T, R>(value: Maybe<T>, next: (value: T) => R): Maybe<R> {
  return value instanceof Promise ? value.then(next) : next(value);
}

/** `cache`'s record for `key`: the kept one at once when this node may serve it (`peek`), else loaded (`get`). */
export function keptOrLoaded<K extends string | number, V>(cache: SharedCache<K, V>, key: K): Maybe<CachedValue<V> | undefined> {
  return cache.peek(key) ?? cache.get(key);
}

export function etagOf(json: string): string {
  return `"${createHash('sha1').update(json).digest('base64url')}"`;
}

/**
 * In-memory caches whose invalidations reach every node over the bus. A node that does not hear the
 * bus (Redis down, not yet connected) cannot know of other nodes' writes, so it empties its caches and
 * reads the database until it hears again: a stale answer is never served.
 */
export function createCacheRegistry(opts: { bus: Bus }): CacheRegistry {
  const { bus } = opts;
  const forgetters = new Map<string, (key: string) => void>();
  const caches = new Map<string, SharedCache<never, unknown>>();
  const events = new EventEmitter();
  const clearAll = () => forgetters.forEach((forget) => forget(''));

  // NOTE: whatever was written while this node was deaf is unknown: start from empty, on losing and on regaining.
  bus.onStateChange(clearAll);
  // NOTE: this registry forgets at once what it announces; its own announcement, heard back later (Redis and
  // PostgreSQL send a node its own messages), would forget pages kept since, for nothing.
  const origin = randomUUID();
  bus.on(cacheTopic, (message) => {
    const { cache, key, from } = JSON.parse(message) as { cache: string; key: string; from?: string };
    if (from === origin) return;
    forgetters.get(cache)?.(key);
    events.emit('invalidated', cache, key);
  });

  // NOTE: the empty key means every key (a node hearing it empties the cache).
  // NOTE: a failed publish is warned by the bus; Redis being away also deafens the other nodes, which then empty their caches.
  async function forget(name: string, key: string): Promise<void> {
    forgetters.get(name)?.(key);
    await bus.publish(cacheTopic, JSON.stringify({ cache: name, key, from: origin }));
  }

  const registry: CacheRegistry = {
    forget: (name, key) => forget(name, key === undefined ? '' : String(key)),
    get trusted() {
      return bus.up;
    },
    ready: bus.ready,
    events,
    cache<K extends string | number, V>(name: string, load: (key: K) => Promise<V | undefined>, opts: CacheOptions<V> = {}): SharedCache<K, V> {
      const existing = caches.get(name);
      if (existing) return existing as unknown as SharedCache<K, V>;
      const maxEntries = opts.maxEntries ?? maxEntriesPerCache;
      const entries = new Map<string, CachedValue<V>>();
      // NOTE: a load that began before an invalidation may carry the old row; it must not be stored.
      let generation = 0;
      forgetters.set(name, (key) => {
        generation += 1;
        if (key) entries.delete(key);
        else entries.clear();
      });
      const cache: SharedCache<K, V> = {
        async get(key) {
          const id = String(key);
          const hit = entries.get(id);
          if (hit && registry.trusted) return hit;
          const started = generation;
          const value = await load(key);
          if (value === undefined) return undefined;
          let loaded: CachedValue<V>;
          if (opts.etag) loaded = { value, json: '', etag: opts.etag(value) };
          else {
            const json = JSON.stringify(value);
            loaded = { value, json, etag: etagOf(json) };
          }
          if (registry.trusted && started === generation) {
            if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
            entries.set(id, loaded);
          }
          return loaded;
        },
        peek(key) {
          const hit = entries.get(String(key));
          return hit && registry.trusted ? hit : undefined;
        },
        invalidate: (key) => forget(name, String(key)),
        invalidateAll: () => forget(name, ''),
      };
      caches.set(name, cache as unknown as SharedCache<never, unknown>);
      return cache;
    },
  };
  return registry;
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
 * Forgets `keys` (every key when none are given) of the cache `name` on every node of the apps over `db`: what a
 * writer that has only the database calls once its write is committed. Called with a transaction it throws: a read
 * between the call and the commit would cache the old rows again, so the caller announces after its transaction.
 */
export async function forgetAfterCommit(db: { readonly isTransaction: boolean }, name: string, keys?: readonly (string | number)[]): Promise<void> {
  if (db.isTransaction) throw new Error(`forgetAfterCommit(${name}): announce the change after the transaction commits`);
  const linked = registriesByDatabase.get(db);
  // NOTE: no app over this database (a seed, a script): nothing is cached.
  if (!linked?.size) return;
  const forgets = [...linked].flatMap((registry) => (keys ? [...new Set(keys)].map((key) => registry.forget(name, key)) : [registry.forget(name)]));
  await Promise.all(forgets);
}

/** `app.caches`: the registry over the app's bus (`app.bus`), reachable by the app's database's writers. */
export const cachePlugin = fp(
  async (app) => {
    const registry = createCacheRegistry({ bus: app.bus });
    app.decorate('caches', registry);
    if (app.hasDecorator('db')) {
      const linked = registriesByDatabase.get(app.db) ?? new Set<CacheRegistry>();
      registriesByDatabase.set(app.db, linked);
      linked.add(registry);
      app.addHook('onClose', async () => {
        linked.delete(registry);
      });
    }
    await subscribedOrTimeout(registry, app.hasDecorator('db') ? changesOf(app.db)?.listener : undefined);
  },
  { name: 'papo-caches' },
);
