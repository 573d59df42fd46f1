import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestMailTo } from '../test/mail.js';
import { createBus } from '../lib/bus.js';
import { createRevocations, type Revocations } from '../lib/revocation.js';
import { createThrottledWarn } from '../realtime/throttled-warn.js';
import { waitFor } from '../realtime/test-support.js';
import { buildTestApp, type TestApp } from '../test/app.js';
import { hasRedis } from '../test/cluster.js';
import { describeEachDialect } from '../test/db.js';
import { buildAccount, buildUser, goodPassword } from '../test/users.js';

describeEachDialect('access tokens after logout and password reset', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ dialect, env: { PUBLIC_URL: 'https://papo.example' } });
  });
  afterAll(() => t.close());

  const login = async (username: string, password = goodPassword) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login_check',
      payload: { username, password },
      remoteAddress: '10.9.0.1',
    });
    expect(res.statusCode).toBe(200);
    return res.json() as { token: string; refresh_token: string };
  };
  const me = (token: string) =>
    t.app.inject({ method: 'GET', url: '/api/me', headers: { authorization: `Bearer ${token}` } });

  it("logout ends that sign-in's access tokens and nothing else; a new sign-in works at once", async () => {
    await buildUser(t.app, { username: 'sai' });
    const phone = await login('sai');
    const laptop = await login('sai');
    expect((await me(phone.token)).statusCode).toBe(200);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      payload: { refresh_token: phone.refresh_token },
    });
    expect(out.json()).toEqual({ message: 'logged_out' });
    const res = await me(phone.token);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Expired JWT Token' });
    // The laptop's sign-in goes on untouched.
    expect((await me(laptop.token)).statusCode).toBe(200);
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refresh_token: laptop.refresh_token },
    });
    expect(refreshed.statusCode).toBe(200);
    expect((await me(refreshed.json().token)).statusCode).toBe(200);
    expect((await me((await login('sai')).token)).statusCode).toBe(200);
  });

  it('a password reset ends the access tokens issued before it', async () => {
    await buildAccount(t.app, { username: 'esquece', email: 'esquece@example.com' });
    const before = await login('esquece');
    await t.app.inject({
      method: 'POST',
      url: '/api/forgot-password',
      payload: { email: 'esquece@example.com' },
      remoteAddress: '10.9.0.2',
    });
    const mail = await latestMailTo(t.dataDir, 'esquece@example.com');
    const token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/reset-password',
      payload: { token, password: 'Outra-senha-bem-longa-7' },
      remoteAddress: '10.9.0.2',
    });
    expect(reset.statusCode).toBe(200);
    expect((await me(before.token)).statusCode).toBe(401);
    expect((await me((await login('esquece', 'Outra-senha-bem-longa-7')).token)).statusCode).toBe(200);
  });

  it('refuses a revoked token on the socket handshake too', async () => {
    const url = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { connectError } = await import('../realtime/test-support.js');
    await buildUser(t.app, { username: 'soquete' });
    const session = await login('soquete');
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', payload: { refresh_token: session.refresh_token } });
    const error = await connectError(url, { token: session.token });
    expect(error.message).toBe('Expired JWT Token');
  });
});

describe.skipIf(!hasRedis)('a revocation announced across nodes', () => {
  it('is refused on the other node at once, without waiting for its cached copy to expire', async () => {
    const t = await buildTestApp();
    const channel = `papo-test-revocations-${randomBytes(4).toString('hex')}`;
    const buses = [0, 1].map(() =>
      createBus({ redisUrl: process.env.TEST_REDIS_URL, channel, warn: createThrottledWarn(t.app.log) }),
    );
    const [a, b] = buses.map((bus) => createRevocations({ db: t.app.db, bus, ttlMs: 3_600_000 })) as [
      Revocations,
      Revocations,
    ];
    try {
      const { id: userId, sessionId } = await buildUser(t.app, { username: 'doisnos' });
      const issued = Date.now();
      // Node B cannot say at once before it has read the member's revocation time…
      expect(b.revokedNow(userId, issued, sessionId)).toBeUndefined();
      // …then caches "not revoked" for an hour…
      expect(await b.isRevoked(userId, issued, sessionId)).toBe(false);
      expect(b.revokedNow(userId, issued, sessionId)).toBe(false);
      await Promise.all([a.ready, b.ready]);
      const started = Date.now();
      await a.revoke(userId);
      await waitFor('node B to hear of it', () => b.isRevoked(userId, issued, sessionId));
      expect(b.revokedNow(userId, issued, sessionId)).toBe(true);
      expect(a.revokedNow(userId, issued, sessionId)).toBe(true);
      console.log(`revocation reached the other node through Redis ${Date.now() - started} ms after it was made`);
    } finally {
      await Promise.all(buses.map((bus) => bus.close()));
      await t.close();
    }
  });
});
