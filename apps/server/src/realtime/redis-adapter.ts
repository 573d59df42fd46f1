import { createAdapter } from '@socket.io/redis-adapter';
import { closeRedis, createRedis } from '../lib/redis.js';
import type { RedisOutage } from '../lib/redis-outage.js';
import type { ThrottledWarn } from './throttled-warn.js';
import type { PapoServer } from './socket-types.js';

/** Handle to the Redis connections behind the adapter. */
export interface RedisAdapterHandle {
  /** Whether both connections are up (false while Redis is away: this node then delivers only locally). */
  connected(): boolean;
  /**
   * Whether a broadcast sent now reaches Redis: both connections up and a PING answered on the one that publishes
   * (commands run in order on it, so the broadcast that follows goes the same way). False while Redis is away.
   */
  reachable(): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * Shares rooms across nodes through Redis (decision 003). A Redis outage degrades
 * the server to a single node and logs (throttled); it never crashes it.
 */
export function attachRedisAdapter(
  io: PapoServer,
  url: string,
  key: string,
  warn: ThrottledWarn,
  outage: RedisOutage,
): RedisAdapterHandle {
  // bounded retries and a command timeout stop publishes piling up in memory while Redis is away.
  const pub = createRedis(url, { lazyConnect: false, maxRetriesPerRequest: 1, commandTimeout: 2_000 }, (error) =>
    warn('redis_command_failed', error),
  );
  // the subscriber only ever sends SUBSCRIBE/PSUBSCRIBE; they must wait for Redis however long
  // it takes, or a node started during an outage would never hear the others once Redis is back.
  const sub = pub.duplicate({ maxRetriesPerRequest: null, commandTimeout: undefined });
  outage.watch(pub);
  outage.watch(sub);

  io.adapter(createAdapter(pub, sub, { key, requestsTimeout: 2_000 }));
  io.of('/').adapter.on('error', (error: unknown) => warn('adapter_error', error));

  return {
    connected: () => pub.status === 'ready' && sub.status === 'ready',
    reachable: async () =>
      pub.status === 'ready' &&
      sub.status === 'ready' &&
      pub.ping().then(
        () => true,
        () => false,
      ),
    async close() {
      await Promise.all([closeRedis(pub), closeRedis(sub)]);
    },
  };
}
