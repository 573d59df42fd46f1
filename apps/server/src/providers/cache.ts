import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { ProviderFailure, type FailureCause } from './http-json.js';

/** One cached answer of an outside service. */
export interface CachedSource<T> {
  /** Cache key, prefixed by the provider: `youtube:video:aqz-KE-bpKQ`. */
  key: string;
  /** How long an answer counts as fresh; older ones are served while one refresh runs in the background. */
  freshForMs: number;
  /** The outside call. It must honour `signal` (aborted on timeout) and throw ProviderFailure on bad answers. */
  fetch: (signal: AbortSignal) => Promise<T>;
  /** The local default when the service fails and nothing is cached. */
  fallback: () => T | Promise<T>;
}

export interface ProviderCache {
  /** The answer for `source.key`: fresh cache, else stale cache (refreshing behind), else a live call, else the fallback. */
  read<T>(source: CachedSource<T>): Promise<T>;
  /** Resolves when no refresh is running (the app waits for this on close; tests use it to observe a refresh). */
  idle(): Promise<void>;
}

export interface ProviderCacheOptions {
  db: Kysely<Database>;
  log: FastifyBaseLogger;
  now?: () => number;
  /** Per attempt. */
  timeoutMs?: number;
  /** Extra attempts after a timeout, lost connection or 5xx; 4xx, quota and garbage are not retried. */
  retries?: number;
  /** Wait before retry n is n × this. */
  retryDelayMs?: number;
}

/** An answer as stored by `store`: the JSON of a `T` this cache wrote under the same key. */
function parseStored<T>(value: string): T {
  return JSON.parse(value) as T;
}

/**
 * The one cache and resilience layer of every provider (decision 013): freshness, stale-while-revalidate,
 * one outside call per key however many requests wait for it, timeouts, bounded retries, and a fallback to
 * the cache, then to the local default. An outside failure never reaches the caller; it is logged once
 * per key and cause until the service answers again.
 */
export function createProviderCache(opts: ProviderCacheOptions): ProviderCache {
  const now = opts.now ?? Date.now;
  const timeoutMs = opts.timeoutMs ?? 5000;
  const retries = opts.retries ?? 2;
  const retryDelayMs = opts.retryDelayMs ?? 300;
  const inFlight = new Map<string, Promise<unknown>>();
  const loggedCause = new Map<string, FailureCause>();

  async function attempt<T>(source: CachedSource<T>): Promise<T> {
    for (let n = 0; ; n++) {
      try {
        return await source.fetch(AbortSignal.timeout(timeoutMs));
      } catch (error) {
        const failure = error instanceof ProviderFailure ? error : new ProviderFailure('malformed');
        if (!failure.retryable || n >= retries) throw failure;
        await new Promise((resolve) => setTimeout(resolve, retryDelayMs * (n + 1)));
      }
    }
  }

  /** Calls the service once for all waiters of `key`; stores and returns the answer, or undefined on failure. */
  function refresh<T>(source: CachedSource<T>, serving: 'cache' | 'default'): Promise<T | undefined> {
    const running = inFlight.get(source.key) as Promise<T | undefined> | undefined;
    if (running) return running;
    const run = (async () => {
      // a request that found no answer may ask after another's call stored one (its read came before that
      // store, its refresh after that call ended): the stored answer is read again first, so it makes no second call.
      const stored = await readRow(source.key).catch(() => undefined);
      if (stored && now() - Number(stored.fetched_at) < source.freshForMs) return parseStored<T>(stored.value);
      let value: T;
      try {
        value = await attempt(source);
      } catch (error) {
        const cause = error instanceof ProviderFailure ? error.kind : 'malformed';
        if (loggedCause.get(source.key) !== cause) {
          loggedCause.set(source.key, cause);
          const serves = serving === 'cache' ? 'the cached answer' : 'the local default';
          opts.log.warn({ provider: source.key, cause, err: error }, `outside service failed; serving ${serves}`);
        }
        return undefined;
      }
      loggedCause.delete(source.key);
      // a cache that cannot be written costs a later outside call, not this answer.
      await store(source.key, value).catch((error: unknown) =>
        opts.log.error({ err: error, provider: source.key }, 'provider cache write failed'),
      );
      return value;
    })().finally(() => inFlight.delete(source.key));
    inFlight.set(source.key, run);
    return run;
  }

  async function store(key: string, value: unknown): Promise<void> {
    const row = { key, value: JSON.stringify(value), fetched_at: now() };
    await opts.db
      .insertInto('provider_cache')
      .values(row)
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: row.value, fetched_at: row.fetched_at }))
      .execute();
  }

  function readRow(key: string) {
    return opts.db
      .selectFrom('provider_cache')
      .select(['value', 'fetched_at'])
      .where('key', '=', key)
      .executeTakeFirst();
  }

  return {
    async read<T>(source: CachedSource<T>): Promise<T> {
      const row = await readRow(source.key);
      if (row) {
        const cached = parseStored<T>(row.value);
        if (now() - Number(row.fetched_at) >= source.freshForMs) {
          // the caller gets the stale answer now; the next one gets the refreshed answer.
          void refresh(source, 'cache');
        }
        return cached;
      }
      const value = await refresh(source, 'default');
      return value === undefined ? source.fallback() : value;
    },
    async idle() {
      while (inFlight.size) await Promise.allSettled([...inFlight.values()]);
    },
  };
}
