import { createRequire } from 'node:module';
import rateLimit, {
  type FastifyRateLimitOptions,
  type FastifyRateLimitStore,
  type FastifyRateLimitStoreCtor,
} from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { createRedis, worthWaitingForRedis } from './redis.js';
import { redisOutageOf } from './redis-outage.js';

type StoreCtor = new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  ...rest: unknown[]
) => FastifyRateLimitStore;
// the plugin's own stores, reused so the counting rules stay exactly the plugin's (they are not exported).
const require = createRequire(import.meta.url);
const RedisStore: StoreCtor = require('@fastify/rate-limit/store/RedisStore');
const LocalStore: StoreCtor = require('@fastify/rate-limit/store/LocalStore');

declare module '@fastify/rate-limit' {
  /** What the plugin hands a store's constructor (its own stores read these two; its types leave the interface empty). */
  interface FastifyRateLimitOptions {
    continueExceeding?: boolean;
    exponentialBackoff?: boolean;
  }
}

/**
 * A store that counts in Redis and, while Redis is away, in this node's memory: limits hold per node rather than
 * not at all, and the fallback is logged once per outage.
 */
function redisWithLocalFallback(app: FastifyInstance, redis: Redis, keyPrefix: string): FastifyRateLimitStoreCtor {
  let fellBack = false;
  redis.on('ready', () => {
    if (fellBack) app.log.info('rate limits: redis is back; counting across nodes again');
    fellBack = false;
  });
  class FallbackStore implements FastifyRateLimitStore {
    private readonly shared: FastifyRateLimitStore;
    private readonly local: FastifyRateLimitStore;

    constructor(params: FastifyRateLimitOptions, shared?: FastifyRateLimitStore, local?: FastifyRateLimitStore) {
      const { continueExceeding = false, exponentialBackoff = false } = params;
      this.shared = shared ?? new RedisStore(continueExceeding, exponentialBackoff, redis, keyPrefix);
      this.local = local ?? new LocalStore(continueExceeding, exponentialBackoff);
    }

    incr(...[key, callback, timeWindow, max]: Parameters<FastifyRateLimitStore['incr']>): void {
      if (redis.status !== 'ready') return this.fallBack(key, callback, timeWindow, max);
      this.shared.incr(
        key,
        (error, result) => (error ? this.fallBack(key, callback, timeWindow, max) : callback(null, result)),
        timeWindow,
        max,
      );
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      // a limiter made by `createRateLimit` has no route (`routeInfo: {}`), and the plugin's store would key it
      // `undefinedundefined-`; its key generator already names what it counts, so it gets a plain `limiter-` part.
      // The plugin's types say route options; at run time it passes its merged parameters with `routeInfo`.
      const routeInfo: unknown = Reflect.get(routeOptions, 'routeInfo');
      const routed =
        typeof routeInfo === 'object' && routeInfo !== null && 'method' in routeInfo && Boolean(routeInfo.method);
      const named = routed
        ? routeOptions
        : Object.assign({}, routeOptions, { routeInfo: { method: 'limiter', url: '' } });
      // a child's counting rules are its stores' own, so its parameters are not read.
      return new FallbackStore({}, this.shared.child(named), this.local.child(named));
    }

    private fallBack(...[key, callback, timeWindow, max]: Parameters<FastifyRateLimitStore['incr']>): void {
      if (!fellBack) app.log.warn('rate limits: redis unavailable; counting per node until it is back');
      fellBack = true;
      this.local.incr(key, callback, timeWindow, max);
    }
  }
  return FallbackStore;
}

/**
 * Registers @fastify/rate-limit without limiting anything by itself (`global: false`); routes opt in with
 * `config: { rateLimit: { max, timeWindow } }`. With REDIS_URL the counters live in Redis, so a limit holds
 * across nodes; while Redis is down each node counts on its own.
 */
export async function registerRateLimit(app: FastifyInstance, redisUrl?: string, redisPrefix = 'papo'): Promise<void> {
  const redis = redisUrl ? await connectRedis(app, redisUrl) : undefined;
  const Store = redis ? redisWithLocalFallback(app, redis, `${redisPrefix}-rl:`) : undefined;
  await app.register(rateLimit, { global: false, ...(Store ? { store: Store } : {}) });
  app.decorate('keyRateLimit', keyRateLimit(Store ? new Store({}) : new LocalStore(false, false)));
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * A limit counted by key alone, for what is not an HTTP request (the IRC gateway's sign-ins and messages), on the
     * routes' store: each call counts one; once over `max` it answers the seconds to wait, else undefined.
     */
    keyRateLimit(options: { max: number; timeWindow: number }): (key: string) => Promise<number | undefined>;
  }
}

function keyRateLimit(store: FastifyRateLimitStore): FastifyInstance['keyRateLimit'] {
  return ({ max, timeWindow }) =>
    (key) =>
      new Promise((resolve, reject) => {
        store.incr(
          `key-${key}`,
          (error, result) => {
            if (error || !result) return reject(error ?? new Error('rate limit store answered nothing'));
            // the plugin's own rule (`isExceeded: current > max`, ttl in whole seconds).
            resolve(result.current > max ? Math.ceil(result.ttl / 1000) : undefined);
          },
          timeWindow,
          max,
        );
      });
}

const connectTimeoutMs = 1000;

/**
 * Connects and waits (briefly) for Redis to be ready, so the first requests already count in Redis;
 * a Redis that is down does not hold up the start.
 */
async function connectRedis(app: FastifyInstance, url: string): Promise<Redis> {
  const redis = createRedis(url, {
    connectTimeout: connectTimeoutMs,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
  });
  redisOutageOf(app, url).watch(redis);
  app.addHook('onClose', async () => {
    redis.disconnect();
  });
  if (!(await worthWaitingForRedis(app))) return redis;
  await new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      redis.off('ready', done);
      resolve();
    };
    const timer = setTimeout(done, connectTimeoutMs);
    redis.once('ready', done);
  });
  return redis;
}
