import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.js';

const redisUrl = process.env.TEST_REDIS_URL;

/** A client address of its own, so counters from other runs (in Redis) never count here. */
const randomIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

// empty bodies are refused with 400 before any hashing, and still count: the limit is checked first.
const post = (t: TestApp, url: string, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url, payload: {}, remoteAddress });

describe('per-IP limits on the account calls', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it.each([
    ['/api/google_login', 20],
    ['/api/signup', 10],
    ['/api/confirmCode', 20],
    ['/api/resend-code', 20],
    ['/api/forgot-password', 10],
    ['/api/reset-password', 10],
  ])('%s allows %i requests per IP, then answers 429 too_many_requests', async (url, max) => {
    const ip = randomIp();
    for (let i = 0; i < max; i++) expect((await post(t, url, ip)).statusCode, `request ${i + 1}`).not.toBe(429);
    const over = await post(t, url, ip);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toEqual({ message: 'too_many_requests' });
    expect((await post(t, url, randomIp())).statusCode).not.toBe(429);
  });

  it('keeps separate counters per call', async () => {
    const ip = randomIp();
    for (let i = 0; i < 10; i++) await post(t, '/api/signup', ip);
    expect((await post(t, '/api/signup', ip)).statusCode).toBe(429);
    expect((await post(t, '/api/forgot-password', ip)).statusCode).toBe(400);
  });
});

describe.skipIf(!redisUrl)('account limits with REDIS_URL', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    [a, b] = await Promise.all([
      buildTestApp({ env: { REDIS_URL: redisUrl! } }),
      buildTestApp({ env: { REDIS_URL: redisUrl! } }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
  });

  it('are shared by every node', async () => {
    const ip = randomIp();
    for (let i = 0; i < 10; i++) expect((await post(i % 2 ? a : b, '/api/signup', ip)).statusCode).toBe(400);
    const over = await post(a, '/api/signup', ip);
    expect(over.statusCode).toBe(429);
    expect((await post(b, '/api/signup', ip)).statusCode).toBe(429);
  });
});
