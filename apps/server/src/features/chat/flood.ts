import type { Redis, Result } from 'ioredis';
import { createRedis } from '../../lib/redis.js';
import type { RedisOutage } from '../../lib/redis-outage.js';
import { createTokenBuckets, type TokenBucketOptions } from '../../lib/token-bucket.js';
import type { ThrottledWarn } from '../../realtime/throttled-warn.js';

/** A token bucket per key: `burst` messages at once, refilled at `perSecond`. */
export interface FloodControl {
  /** Takes one token; false when the bucket is empty (the message is refused). */
  take(key: string): Promise<boolean>;
  close(): Promise<void>;
}

type BucketOptions = TokenBucketOptions;

/** Buckets in this process's memory: the limit of a single node. */
export function createMemoryFlood(opts: BucketOptions): FloodControl {
  const buckets = createTokenBuckets(opts);
  return {
    async take(key) {
      return buckets.take(key);
    },
    async close() {
      buckets.clear();
    },
  };
}

/*
 * The same bucket in Redis, updated atomically, timed by Redis's own clock so nodes with skewed
 * clocks still share one limit. Returns 1 when a token was taken.
 */
const takeScript = `
local burst = tonumber(ARGV[1])
local perSecond = tonumber(ARGV[2])
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local bucket = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens = tonumber(bucket[1]) or burst
local at = tonumber(bucket[2]) or now
tokens = math.min(burst, tokens + (now - at) * perSecond / 1000)
local allowed = 0
if tokens >= 1 then
  tokens = tokens - 1
  allowed = 1
end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'at', tostring(now))
redis.call('PEXPIRE', KEYS[1], math.ceil(burst / perSecond * 1000) + 1000)
return allowed
`;

declare module 'ioredis' {
  interface RedisCommander<Context> {
    /** The flood bucket's script (`defineCommand` in `createRedisFlood`): 1 when a message may go, else 0. */
    floodTake(key: string, burst: number, perSecond: number): Result<number, Context>;
  }
}

/**
 * Buckets shared by every node through Redis. While Redis is unreachable each node falls back
 * to its own memory buckets: the limit holds per node rather than not at all, and sending never fails.
 */
export async function createRedisFlood(
  opts: BucketOptions & {
    url: string;
    prefix: string;
    warn: ThrottledWarn;
    outage: RedisOutage;
    waitForRedis: boolean;
  },
): Promise<FloodControl> {
  const redis = createRedis(opts.url, { maxRetriesPerRequest: 1, enableOfflineQueue: false, commandTimeout: 1_000 });
  redis.defineCommand('floodTake', { numberOfKeys: 1, lua: takeScript });
  opts.outage.watch(redis);
  const local = createMemoryFlood(opts);
  if (opts.waitForRedis) await waitUntilReady(redis, 1_000);
  return {
    async take(key) {
      try {
        return (await redis.floodTake(`${opts.prefix}${key}`, opts.burst, opts.perSecond)) === 1;
      } catch (error) {
        opts.warn('flood_fallback_to_local', error);
        return local.take(key);
      }
    },
    async close() {
      redis.disconnect();
      await local.close();
    },
  };
}

/** Lets the first messages already count in Redis; a Redis that is down does not hold up the start. */
function waitUntilReady(redis: Redis, timeoutMs: number): Promise<void> {
  if (redis.status === 'ready') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      redis.off('ready', done);
      resolve();
    };
    const timer = setTimeout(done, timeoutMs);
    redis.once('ready', done);
  });
}
