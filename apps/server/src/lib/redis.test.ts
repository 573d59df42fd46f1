import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { closeRedis, createRedis } from './redis.js';

const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!redisUrl)('createRedis (Redis at TEST_REDIS_URL)', () => {
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);
  beforeEach(() => {
    unhandled.length = 0;
    process.on('unhandledRejection', onUnhandled);
  });
  afterEach(() => {
    process.off('unhandledRejection', onUnhandled);
  });

  /** A command that stays pending (a blocking pop on a key of its own) until the connection goes. */
  function pendingCommand(client: ReturnType<typeof createRedis>) {
    void client.blpop(`papo-test-redis-${process.pid}-${Date.now()}`, 5);
  }

  it('reports a command nobody awaits that fails as the connection closes, and leaves nothing unhandled', async () => {
    const failures: unknown[] = [];
    const client = createRedis(redisUrl!, {}, (error) => failures.push(error));
    await client.ping();
    pendingCommand(client);
    client.disconnect();
    await vi.waitFor(() => expect(failures.map(String)).toEqual(['Error: Connection is closed.']));
    expect(unhandled).toEqual([]);
  });

  it('keeps that for the clients duplicate() makes (the subscriber beside a publisher)', async () => {
    const failures: unknown[] = [];
    const client = createRedis(redisUrl!, {}, (error) => failures.push(error));
    const copy = client.duplicate();
    await copy.ping();
    pendingCommand(copy);
    copy.disconnect();
    await closeRedis(client);
    await vi.waitFor(() => expect(failures.map(String)).toEqual(['Error: Connection is closed.']));
    expect(unhandled).toEqual([]);
    expect(client.status).toBe('end');
  });
});
