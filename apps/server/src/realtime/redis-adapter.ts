import { createAdapter } from '@socket.io/redis-adapter';
import { Redis, type Command, type RedisOptions } from 'ioredis';
import type { ThrottledWarn } from './throttled-warn.js';
import type { PapoServer } from './types.js';

type Stream = Parameters<Redis['sendCommand']>[1];

/**
 * An ioredis client whose failed commands are always observed. NOTE: the
 * adapter publishes without awaiting; during an outage each rejected publish
 * would otherwise be an unhandled rejection, which ends a Node process.
 */
function guardedRedis(onCommandError: (error: unknown) => void) {
  return class GuardedRedis extends Redis {
    override sendCommand(command: Command, stream?: Stream): unknown {
      command.promise.catch(onCommandError);
      return super.sendCommand(command, stream);
    }

    override duplicate(override?: Partial<RedisOptions>): Redis {
      return new GuardedRedis({ ...this.options, ...override });
    }
  };
}

// NOTE: Redis before 7.2 refuses CLIENT SETINFO, which ioredis sends on every connect: a warning each time for nothing.
const quietClientInfo: RedisOptions = { disableClientInfo: true };

/** A Redis client whose failed commands are reported to `onError` instead of going unhandled. */
export function createGuardedRedis(url: string, options: RedisOptions, onError: (error: unknown) => void): Redis {
  const Client = guardedRedis(onError);
  return new Client(url, { ...quietClientInfo, ...options });
}

/** Quits politely when connected, else drops the connection. */
export async function closeClient(client: Redis): Promise<void> {
  if (client.status === 'ready') {
    try {
      await client.quit();
      return;
    } catch {
      // NOTE: a polite QUIT that fails still ends with the hard disconnect below.
    }
  }
  client.disconnect();
}

/** Handle to the Redis connections behind the adapter. */
export interface RedisAdapterHandle {
  /** Whether both connections are up (false while Redis is away: this node then delivers only locally). */
  connected(): boolean;
  close(): Promise<void>;
}

/**
 * Shares rooms across nodes through Redis (DESIGN §6). A Redis outage degrades
 * the server to a single node and logs (throttled); it never crashes it.
 */
export function attachRedisAdapter(io: PapoServer, url: string, key: string, warn: ThrottledWarn): RedisAdapterHandle {
  const Client = guardedRedis((error) => warn('redis_command_failed', error));
  // NOTE: bounded retries and a command timeout stop publishes piling up in memory while Redis is away.
  const pub = new Client(url, { ...quietClientInfo, lazyConnect: false, maxRetriesPerRequest: 1, commandTimeout: 2_000 });
  // NOTE: the subscriber only ever sends SUBSCRIBE/PSUBSCRIBE; they must wait for Redis however long
  // it takes, or a node started during an outage would never hear the others once Redis is back.
  const sub = pub.duplicate({ maxRetriesPerRequest: null, commandTimeout: undefined });
  pub.on('error', (error: unknown) => warn('redis_publisher_error', error));
  sub.on('error', (error: unknown) => warn('redis_subscriber_error', error));

  io.adapter(createAdapter(pub, sub, { key, requestsTimeout: 2_000 }));
  io.of('/').adapter.on('error', (error: unknown) => warn('adapter_error', error));

  return {
    connected: () => pub.status === 'ready' && sub.status === 'ready',
    async close() {
      await Promise.all([closeClient(pub), closeClient(sub)]);
    },
  };
}
