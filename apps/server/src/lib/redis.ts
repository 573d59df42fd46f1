import { Redis, type Command, type RedisOptions } from 'ioredis';

type Stream = Parameters<Redis['sendCommand']>[1];

/**
 * An ioredis client whose failed commands are always observed. NOTE: ioredis sends commands nobody awaits (the
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

// NOTE: Redis before 7.2 refuses CLIENT SETINFO, which ioredis sends on every connect: a warning each time for nothing.
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

/** Quits politely when connected, else drops the connection; never throws. */
export async function closeRedis(client: Redis): Promise<void> {
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
