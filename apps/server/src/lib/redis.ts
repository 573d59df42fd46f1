import type { FastifyInstance } from 'fastify';
import { Redis, type Command, type RedisOptions } from 'ioredis';

type Stream = Parameters<Redis['sendCommand']>[1];

/**
 * An ioredis client whose failed commands are always observed. Ioredis sends commands nobody awaits (the
 * resubscription after a reconnection; the Socket.IO adapter's fire-and-forget publishes), and one that fails when
 * the connection drops or closes would otherwise be an unhandled rejection, which ends a Node process.
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

// Redis before 7.2 refuses CLIENT SETINFO, which ioredis sends on every connect: a warning each time for nothing.
const quietClientInfo: RedisOptions = { disableClientInfo: true };

/** A command a caller awaits reports its failure there; nothing more to say of it here. */
const alreadyReported = () => undefined;

/**
 * Papo's one way to make a Redis client (lint refuses `new Redis` elsewhere): a failed command is reported to
 * `onCommandError` (default: left to whoever awaits it) and never goes unhandled; `duplicate()` keeps that.
 */
export function createRedis(
  url: string,
  options: RedisOptions,
  onCommandError: (error: unknown) => void = alreadyReported,
): Redis {
  const Client = guardedRedis(onCommandError);
  return new Client(url, { ...quietClientInfo, ...options });
}

/** How long `closeRedis` waits for the connection's end: a client caught between reconnections never announces one. */
const closeWaitMs = 500;

/** Quits politely when connected, else drops the connection; resolves once the client has ended (or soon); never throws. */
export async function closeRedis(client: Redis): Promise<void> {
  if (client.status === 'end') return;
  let timer: NodeJS.Timeout | undefined;
  const ended = new Promise<void>((resolve) => {
    client.once('end', resolve);
    timer = setTimeout(resolve, closeWaitMs);
    timer.unref();
  });
  let quit = false;
  if (client.status === 'ready') {
    // a polite QUIT that fails still ends with the hard disconnect below.
    quit = await client.quit().then(
      () => true,
      () => false,
    );
  }
  if (!quit) client.disconnect();
  await ended;
  clearTimeout(timer);
}

/**
 * Whether Redis answers a connection within `timeoutMs`: false at its first refusal, not after the timeout, so a node
 * given a dead REDIS_URL learns it at once. One connection, no retries; closed before answering.
 */
export async function redisAnswers(url: string, timeoutMs: number): Promise<boolean> {
  const client = createRedis(url, {
    connectTimeout: timeoutMs,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: () => null,
  });
  try {
    return await new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), timeoutMs);
      const settle = (answered: boolean) => {
        clearTimeout(timer);
        resolve(answered);
      };
      client.once('ready', () => settle(true));
      client.once('error', () => settle(false));
      client.once('end', () => settle(false));
    });
  } finally {
    client.disconnect();
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** With REDIS_URL: whether Redis answered as the node started (see `worthWaitingForRedis`). */
    redisAtStart: Promise<boolean>;
  }
}

/**
 * Whether a part connecting to Redis should wait (briefly) for it at start-up so its first uses already go through
 * Redis: not when Redis did not answer the node's first connection, so a dead REDIS_URL costs no seconds of waits
 * before the node listens (and reports itself unready until Redis answers).
 */
export async function worthWaitingForRedis(app: FastifyInstance): Promise<boolean> {
  return app.hasDecorator('redisAtStart') ? app.redisAtStart : true;
}
