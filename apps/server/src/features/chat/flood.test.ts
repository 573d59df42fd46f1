import Fastify from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { createThrottledWarn } from '../../realtime/throttled-warn.js';
import { createRedisOutage } from '../../lib/redis-outage.js';
import { createMemoryFlood, createRedisFlood, type FloodControl } from './flood.js';

const redisUrl = process.env.TEST_REDIS_URL;
const takeMany = async (flood: FloodControl, key: string, n: number) => {
  const answers: boolean[] = [];
  for (let i = 0; i < n; i++) answers.push(await flood.take(key));
  return answers;
};

describe('memory flood buckets', () => {
  it('allows a burst of 5, then one per second, per key', async () => {
    let now = 1_000_000;
    const flood = createMemoryFlood({ burst: 5, perSecond: 1, now: () => now });
    expect(await takeMany(flood, 'a', 6)).toEqual([true, true, true, true, true, false]);
    expect(await flood.take('b')).toBe(true);
    now += 999;
    expect(await flood.take('a')).toBe(false);
    now += 1;
    expect(await takeMany(flood, 'a', 2)).toEqual([true, false]);
    now += 60_000;
    expect(await takeMany(flood, 'a', 6)).toEqual([true, true, true, true, true, false]);
  });
});

describe.skipIf(!redisUrl)('Redis flood buckets', () => {
  const log = Fastify({ logger: false }).log;
  const prefix = `papo-flood-test-${process.pid}-${Date.now()}:`;
  const open: FloodControl[] = [];
  // one token every 100 s: the few milliseconds a test takes refill nothing; only moving the bucket's time does.
  const perSecond = 0.01;
  const connect = async (url = redisUrl!) => {
    const flood = await createRedisFlood({
      burst: 5,
      perSecond,
      url,
      prefix,
      warn: createThrottledWarn(log),
      outage: createRedisOutage(log, url),
      waitForRedis: true,
    });
    open.push(flood);
    return flood;
  };
  afterAll(async () => {
    await Promise.all(open.map((flood) => flood.close()));
  });

  it('shares one bucket between two nodes, refilled by Redis time', async () => {
    const [nodeA, nodeB] = [await connect(), await connect()];
    expect([...(await takeMany(nodeA, 'k', 3)), ...(await takeMany(nodeB, 'k', 3))]).toEqual([
      true,
      true,
      true,
      true,
      true,
      false,
    ]);
    // The bucket keeps the Redis time it was last taken from; setting that back by one token's worth is that much
    // time passing on Redis's clock, without waiting for it.
    const redis = new Redis(redisUrl!);
    const at = Number(await redis.hget(`${prefix}k`, 'at'));
    await redis.hset(`${prefix}k`, 'at', String(at - 1_000 / perSecond));
    redis.disconnect();
    expect(await takeMany(nodeB, 'k', 2)).toEqual([true, false]);
  });

  it('falls back to memory buckets while Redis is unreachable', async () => {
    const flood = await connect('redis://127.0.0.1:1');
    expect(await takeMany(flood, 'k', 6)).toEqual([true, true, true, true, true, false]);
  });
});
