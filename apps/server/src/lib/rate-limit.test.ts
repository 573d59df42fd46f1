import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/app.js';

const redisUrl = process.env.TEST_REDIS_URL;

function addLimitedRoute(app: FastifyInstance, url: string): void {
  app.get(url, { config: { rateLimit: { max: 2, timeWindow: 60_000 } } }, async () => ({ ok: true }));
}

describe.skipIf(!redisUrl)('rate limits with REDIS_URL', () => {
  let a: TestApp;
  let b: TestApp;
  // A path of its own per run, so counters left in Redis by another run never count here.
  const url = `/api/test/limited-${randomBytes(6).toString('hex')}`;
  beforeAll(async () => {
    [a, b] = await Promise.all([
      buildTestApp({ env: { REDIS_URL: redisUrl! } }),
      buildTestApp({ env: { REDIS_URL: redisUrl! } }),
    ]);
    addLimitedRoute(a.app, url);
    addLimitedRoute(b.app, url);
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
  });

  it('are shared by every node', async () => {
    expect((await a.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    expect((await b.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    const third = await a.app.inject({ method: 'GET', url });
    expect(third.statusCode).toBe(429);
    expect(third.json()).toEqual({ message: 'too_many_requests' });
  });

  it('count a key alone (keyRateLimit, no request) on every node too', async () => {
    const key = `test-${randomBytes(6).toString('hex')}`;
    const onA = a.app.keyRateLimit({ max: 2, timeWindow: 60_000 });
    const onB = b.app.keyRateLimit({ max: 2, timeWindow: 60_000 });
    expect(await onA(key)).toBeUndefined();
    expect(await onB(key)).toBeUndefined();
    expect(await onA(key)).toBeGreaterThan(0);
    expect(await onA(`${key}-other`)).toBeUndefined();
  });
});

describe('rate limits with an unreachable Redis', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { REDIS_URL: 'redis://127.0.0.1:1' } });
    addLimitedRoute(t.app, '/api/test/limited');
  });
  afterAll(() => t.close());

  it('let requests through instead of failing them, and count them on this node', async () => {
    for (let i = 0; i < 2; i += 1)
      expect((await t.app.inject({ method: 'GET', url: '/api/test/limited' })).statusCode).toBe(200);
    const limited = await t.app.inject({ method: 'GET', url: '/api/test/limited' });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('count a key alone (keyRateLimit) on this node too', async () => {
    const check = t.app.keyRateLimit({ max: 1, timeWindow: 60_000 });
    expect(await check('test-alone')).toBeUndefined();
    expect(await check('test-alone')).toBeGreaterThan(0);
  });
});
