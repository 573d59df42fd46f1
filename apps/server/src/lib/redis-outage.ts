import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';

/** A warning by key, as `createThrottledWarn` makes. */
type Warn = (key: string, error: unknown) => void;

/**
 * A node's one account of whether its Redis answers. A node holds several clients (socket adapter, presence, bus,
 * flood buckets, rate limit, upload sweep), and each raises its own error on every attempt while Redis is away: one
 * line per node says so instead, with throttled repeats, and one line when it answers again.
 */
export interface RedisOutage {
  /** Follows a client: its connection errors report the outage; once every client that failed is ready, it ends. */
  watch(client: Redis): void;
  /** A warn whose lines, while the outage is reported, count into the outage's own (they are its consequences). */
  quiet(warn: Warn): Warn;
  /**
   * Each watched client not yet closed: how many connection errors it raised, and whether it is ready. Only the tests
   * read it, and it is kept for them: "no other Redis line at warn" proves something only once every client of the
   * node has failed (or connected) several times, and those clients are made inside plugins, so no log line, route or
   * gauge says how many there are or how often each has tried. Without it the test would have to sleep and hope.
   */
  clients(): { refusals: number; ready: boolean }[];
}

/** The URL as a log may show it: without its password. */
function redisLocation(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.password = '';
    return parsed.toString();
  } catch {
    return 'REDIS_URL';
  }
}

/** The report of one node: one warning line per `intervalMs` at most while its Redis does not answer. */
export function createRedisOutage(log: FastifyBaseLogger, url: string, intervalMs = 30_000): RedisOutage {
  const redis = redisLocation(url);
  const failing = new Set<Redis>();
  const refusals = new Map<Redis, number>();
  let down = false;
  let lastAt = 0;
  let suppressed = 0;
  const report = (error: unknown) => {
    const err = error instanceof Error ? error.message : String(error);
    const now = Date.now();
    if (down && now - lastAt < intervalMs) {
      suppressed += 1;
      return;
    }
    const still = down ? 'still ' : '';
    log.warn(
      { redis, err, suppressed },
      `Redis at ${redis} ${still}does not answer: this node is unready until it does`,
    );
    down = true;
    lastAt = now;
    suppressed = 0;
  };
  return {
    watch(client) {
      refusals.set(client, 0);
      client.on('error', (error: unknown) => {
        refusals.set(client, (refusals.get(client) ?? 0) + 1);
        failing.add(client);
        report(error);
      });
      client.on('ready', () => {
        failing.delete(client);
        if (!down || failing.size > 0) return;
        down = false;
        suppressed = 0;
        log.info({ redis }, `Redis at ${redis} answers again`);
      });
      // a client closed while Redis is away (the node closing) is no longer one to wait for.
      client.on('end', () => {
        failing.delete(client);
        refusals.delete(client);
      });
    },
    quiet: (warn) => (key, error) => (down ? report(error) : warn(key, error)),
    clients: () => [...refusals].map(([client, count]) => ({ refusals: count, ready: client.status === 'ready' })),
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** With REDIS_URL: the node's account of its Redis answering (see `redisOutageOf`). */
    redisOutage: RedisOutage;
  }
}

/** The node's Redis outage report, made here for an app built without one (a test registering a plugin alone). */
export function redisOutageOf(app: FastifyInstance, url: string): RedisOutage {
  if (!app.hasDecorator('redisOutage')) app.decorate('redisOutage', createRedisOutage(app.log, url));
  return app.redisOutage;
}
