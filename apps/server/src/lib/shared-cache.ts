import { createHash } from 'node:crypto';
import { EventEmitter } from 'node:events';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { createThrottledWarn } from '../realtime/throttled-warn.js';

/**
 * A value kept in memory with what a conditional request needs: its JSON and a strong ETag of it.
 * NOTE: built once per load, so a cached read neither serialises nor hashes again.
 */
export interface CachedValue<V> {
  value: V;
  json: string;
  etag: string;
}

/** One named cache of rarely changing records, keyed by id. */
export interface SharedCache<K extends string | number, V> {
  /** The cached record, loading it on a miss; undefined (not cached) when the loader finds nothing. */
  get(key: K): Promise<CachedValue<V> | undefined>;
  /** Forgets the key here and on every other node; call it right after the write is committed. */
  invalidate(key: K): Promise<void>;
}

export interface CacheRegistry {
  /** The cache of that name, created on first use with its loader (the same one for every caller). */
  cache<K extends string | number, V>(name: string, load: (key: K) => Promise<V | undefined>): SharedCache<K, V>;
  /** Whether this node may serve from memory: always alone; with Redis only while it hears the others. */
  readonly trusted: boolean;
  /** Settles once subscribed to the other nodes' invalidations (at once without Redis). */
  readonly ready: Promise<void>;
  /** Emits `invalidated` (cache name, key) for each invalidation heard from Redis. */
  readonly events: EventEmitter;
  close(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    caches: CacheRegistry;
  }
}

const maxEntriesPerCache = 1000;
const connectTimeoutMs = 1000;

export function etagOf(json: string): string {
  return `"${createHash('sha1').update(json).digest('base64url')}"`;
}

/**
 * In-memory caches whose invalidations reach every node through one Redis channel. A node that is
 * not subscribed (Redis down, not yet connected) cannot know of other nodes' writes, so it empties its
 * caches and reads the database until it hears Redis again: a stale answer is never served.
 */
export function createCacheRegistry(opts: { redisUrl?: string; channel: string; warn: (key: string, error: unknown) => void }): CacheRegistry {
  const forgetters = new Map<string, (key: string) => void>();
  const caches = new Map<string, SharedCache<never, unknown>>();
  const events = new EventEmitter();
  let subscribed = false;
  let markReady = () => undefined as void;
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  if (!opts.redisUrl) markReady();
  const clearAll = () => forgetters.forEach((forget) => forget(''));

  const pub = opts.redisUrl ? new Redis(opts.redisUrl, { maxRetriesPerRequest: 1, commandTimeout: 2_000, connectTimeout: connectTimeoutMs }) : undefined;
  // NOTE: the subscriber waits for Redis however long it takes (no per-command retry limit), like the socket adapter's.
  const sub = pub?.duplicate({ maxRetriesPerRequest: null, commandTimeout: undefined });
  pub?.on('error', (error: unknown) => opts.warn('cache_publisher_error', error));
  sub?.on('error', (error: unknown) => opts.warn('cache_subscriber_error', error));
  sub?.on('ready', () => {
    sub.subscribe(opts.channel).then(
      () => {
        // NOTE: whatever was written while this node was deaf is unknown: start from empty.
        clearAll();
        subscribed = true;
        markReady();
      },
      (error: unknown) => opts.warn('cache_subscribe_failed', error),
    );
  });
  sub?.on('close', () => {
    subscribed = false;
    clearAll();
  });
  sub?.on('message', (_channel: string, message: string) => {
    const { cache, key } = JSON.parse(message) as { cache: string; key: string };
    forgetters.get(cache)?.(key);
    events.emit('invalidated', cache, key);
  });

  const registry: CacheRegistry = {
    get trusted() {
      return !sub || subscribed;
    },
    ready,
    events,
    cache<K extends string | number, V>(name: string, load: (key: K) => Promise<V | undefined>): SharedCache<K, V> {
      const existing = caches.get(name);
      if (existing) return existing as unknown as SharedCache<K, V>;
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
          const json = JSON.stringify(value);
          const loaded = { value, json, etag: etagOf(json) };
          if (registry.trusted && started === generation) {
            if (entries.size >= maxEntriesPerCache) entries.delete(entries.keys().next().value!);
            entries.set(id, loaded);
          }
          return loaded;
        },
        async invalidate(key) {
          forgetters.get(name)!(String(key));
          if (!pub) return;
          try {
            await pub.publish(opts.channel, JSON.stringify({ cache: name, key: String(key) }));
          } catch (error) {
            // NOTE: Redis being away also unsubscribes the other nodes, which then empty their caches.
            opts.warn('cache_publish_failed', error);
          }
        },
      };
      caches.set(name, cache as unknown as SharedCache<never, unknown>);
      return cache;
    },
    async close() {
      await Promise.all([pub, sub].map((client) => client && client.quit().catch(() => client.disconnect())));
    },
  };
  return registry;
}

/** Waits (briefly) for the subscription, so the first reads can already be cached; Redis down does not hold up the start. */
async function subscribedOrTimeout(registry: CacheRegistry): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, connectTimeoutMs)));
  await Promise.race([registry.ready, timeout]);
  clearTimeout(timer);
}

/** `app.caches`: the registry, closed with the app. `channel` keeps test runs sharing one Redis apart. */
export interface CachePluginOptions {
  redisUrl?: string;
  channel?: string;
}

export const cachePlugin = fp<CachePluginOptions>(
  async (app, opts) => {
    const warn = createThrottledWarn(app.log);
    const registry = createCacheRegistry({ redisUrl: opts.redisUrl, channel: opts.channel ?? 'papo:cache', warn });
    app.decorate('caches', registry);
    app.addHook('onClose', () => registry.close());
    await subscribedOrTimeout(registry);
  },
  { name: 'papo-caches' },
);
