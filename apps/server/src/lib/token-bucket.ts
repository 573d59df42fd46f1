/** Token buckets per key in this process's memory: `burst` at once, refilled at `perSecond`. */
export interface TokenBuckets {
  /** Takes one token from `key`'s bucket; false when it is empty. */
  take(key: string): boolean;
  clear(): void;
}

export interface TokenBucketOptions {
  burst: number;
  perSecond: number;
  /** Milliseconds clock; tests pass their own. */
  now?: () => number;
}

/** Buckets kept at most before the full ones are swept: a storm of new keys cannot grow the map without end. */
const sweepAbove = 10_000;

export function createTokenBuckets({ burst, perSecond, now = Date.now }: TokenBucketOptions): TokenBuckets {
  const buckets = new Map<string, { tokens: number; at: number }>();
  const fullAfterMs = (burst / perSecond) * 1000;
  const sweep = (time: number) => {
    // a bucket that has refilled completely is the same as no bucket, so it can go.
    for (const [key, bucket] of buckets) if (time - bucket.at >= fullAfterMs) buckets.delete(key);
  };
  return {
    take(key) {
      const time = now();
      if (buckets.size > sweepAbove) sweep(time);
      const bucket = buckets.get(key) ?? { tokens: burst, at: time };
      const tokens = Math.min(burst, bucket.tokens + ((time - bucket.at) / 1000) * perSecond);
      const allowed = tokens >= 1;
      buckets.set(key, { tokens: allowed ? tokens - 1 : tokens, at: time });
      return allowed;
    },
    clear() {
      buckets.clear();
    },
  };
}
