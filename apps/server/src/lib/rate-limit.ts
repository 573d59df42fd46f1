import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';

/**
 * Registers @fastify/rate-limit without limiting anything by itself (`global: false`); routes opt in with
 * `config: { rateLimit: { max, timeWindow } }`. With REDIS_URL the counters live in Redis, so a limit holds
 * across nodes; when Redis is down requests are let through rather than refused.
 */
export async function registerRateLimit(app: FastifyInstance, redisUrl?: string): Promise<void> {
  const redis = redisUrl ? await connectRedis(app, redisUrl) : undefined;
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'papo-rl:', skipOnError: true } : {}),
  });
}

const errorLogInterval = 30_000;
const connectTimeoutMs = 1000;

/**
 * Connects and waits (briefly) for Redis to be ready, so the first requests already count in Redis;
 * a Redis that is down does not hold up the start.
 */
async function connectRedis(app: FastifyInstance, url: string): Promise<Redis> {
  const redis = new Redis(url, { connectTimeout: connectTimeoutMs, maxRetriesPerRequest: 1, enableOfflineQueue: false });
  let lastLogged = 0;
  // NOTE: ioredis retries forever; one line per interval keeps an outage visible without flooding the log.
  redis.on('error', (error: Error) => {
    if (Date.now() - lastLogged < errorLogInterval) return;
    lastLogged = Date.now();
    app.log.warn({ err: error }, 'rate-limit redis unavailable');
  });
  app.addHook('onClose', async () => {
    redis.disconnect();
  });
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
