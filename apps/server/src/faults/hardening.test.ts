import { get as httpGet } from 'node:http';
import { connect as tcpConnect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMailsTo } from '../test/mail.js';
import { freshIp } from '../features/contact/test-support.js';
import { notificationRetention, pruneNotifications } from '../features/notifications/prune.js';
import { connectClient, connectError, waitFor, type TestClient } from '../realtime/test-support.js';
import { keepAliveTimeoutMs } from '../app.js';
import { buildTestApp, type TestApp } from '../test/app.js';
import { describeEachDialect } from '../test/db.js';
import { socketPath } from '@papo/contract/socket-events';
import { buildUser } from '../test/users.js';

const metricsToken = 'metrics-token-0123456789abcdef';
const closeFrame = Buffer.from([0x88, 0x00]);
const maskedCloseFrame = Buffer.from([0x88, 0x80, 0, 0, 0, 0]);

describe('GET /metrics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { METRICS_TOKEN: metricsToken } });
  });
  afterAll(() => t.close());

  const metrics = (remoteAddress: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: '/metrics', remoteAddress, headers });

  it('answers a caller on this machine', async () => {
    expect((await metrics('127.0.0.1')).statusCode).toBe(200);
    expect((await metrics('::1')).statusCode).toBe(200);
  });

  it('refuses anyone else without the token, and a wrong token', async () => {
    const outside = await metrics('203.0.113.7');
    expect(outside.statusCode).toBe(403);
    expect(outside.json()).toEqual({ message: 'forbidden' });
    expect(outside.body).not.toContain('http_request_duration_seconds');
    expect((await metrics('203.0.113.7', { authorization: 'Bearer not-the-token-at-all' })).statusCode).toBe(401);
  });

  it('answers anyone with the token', async () => {
    const res = await metrics('203.0.113.7', { authorization: `Bearer ${metricsToken}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('http_request_duration_seconds');
  });
});

describe('TRUST_PROXY and the per-IP limits', () => {
  const contact = { name: 'Ana', message: 'Oi' };
  const send = (t: TestApp, forwardedFor: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/contact/chat',
      payload: contact,
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': forwardedFor },
    });

  it('counts the client behind a trusted proxy, and says when to come back', async () => {
    const t = await buildTestApp({ env: { TRUST_PROXY: '127.0.0.1' } });
    try {
      for (let i = 0; i < 5; i += 1) expect((await send(t, '198.51.100.1')).statusCode).toBe(200);
      const limited = await send(t, '198.51.100.1');
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      // Another client behind the same proxy has its own allowance.
      expect((await send(t, '198.51.100.2')).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('accepts a hop count', async () => {
    const t = await buildTestApp({ env: { TRUST_PROXY: '1' } });
    try {
      expect(
        (
          await t.app.inject({
            method: 'GET',
            url: '/healthz',
            remoteAddress: '10.0.0.1',
            headers: { 'x-forwarded-for': '198.51.100.9' },
          })
        ).statusCode,
      ).toBe(200);
      for (let i = 0; i < 5; i += 1) expect((await send(t, '198.51.100.3')).statusCode).toBe(200);
      expect((await send(t, '198.51.100.3')).statusCode).toBe(429);
      expect((await send(t, '198.51.100.4')).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('ignores X-Forwarded-For when unset, so a client cannot pick its own address', async () => {
    const t = await buildTestApp();
    try {
      for (let i = 0; i < 5; i += 1) expect((await send(t, `198.51.100.${10 + i}`)).statusCode).toBe(200);
      expect((await send(t, '198.51.100.99')).statusCode).toBe(429);
    } finally {
      await t.close();
    }
  });
});

describeEachDialect('limits and their Retry-After', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ dialect });
  });
  afterAll(() => t.close());

  it('rate-limits check-username per address with Retry-After', async () => {
    const remoteAddress = freshIp();
    const check = () => t.app.inject({ method: 'GET', url: '/api/check-username?username=livre', remoteAddress });
    for (let i = 0; i < 60; i += 1) expect((await check()).statusCode).toBe(200);
    const limited = await check();
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/check-username?username=livre', remoteAddress: freshIp() }))
        .statusCode,
    ).toBe(200);
  });

  it('answers the 423 lockout with the seconds left', async () => {
    await buildUser(t.app, { username: 'tranca' });
    const login = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/login_check',
        payload: { username: 'tranca', password: 'errada-errada' },
        remoteAddress: freshIp(),
      });
    let res = await login();
    for (let i = 0; i < 9; i += 1) res = await login();
    expect(res.statusCode).toBe(423);
    expect(Number(res.headers['retry-after'])).toBe(15 * 60);
    const again = await login();
    expect(again.statusCode).toBe(423);
    const left = Number(again.headers['retry-after']);
    expect(left).toBeGreaterThan(0);
    expect(left).toBeLessThanOrEqual(15 * 60);
  });

  it('mails one account at most 5 verification codes an hour, however many addresses ask', async () => {
    await buildUser(t.app, { username: 'semcodigo', email: 'semcodigo@example.com', verified: false });
    for (let i = 0; i < 8; i += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/resend-code',
        payload: { username: 'semcodigo' },
        remoteAddress: freshIp(),
      });
      expect(res.json()).toEqual({ message: 'code_sent' });
    }
    await t.app.mailer.idle();
    expect(await outboxMailsTo(t.dataDir, 'semcodigo@example.com')).toHaveLength(5);
  });

  it('mails one account at most 5 reset links an hour, and answers as for an unknown address', async () => {
    await buildUser(t.app, { username: 'reseta', email: 'reseta@example.com' });
    for (let i = 0; i < 7; i += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/forgot-password',
        payload: { email: 'reseta@example.com' },
        remoteAddress: freshIp(),
      });
      expect(res.json()).toEqual({ message: 'reset_link_sent' });
    }
    await t.app.mailer.idle();
    expect(await outboxMailsTo(t.dataDir, 'reseta@example.com')).toHaveLength(5);
  });

  it('prunes notifications to the newest 500 per member and none older than 180 days, safely from two nodes at once', async () => {
    const many = await buildUser(t.app, { username: 'muitas' });
    const few = await buildUser(t.app, { username: 'antigas' });
    const now = Date.parse('2026-11-24T12:00:00.000Z');
    const rows = Array.from({ length: notificationRetention.perUser + 20 }, (_, i) => ({
      user_to: many.id,
      type: 'mention',
      message: `n${i}`,
      created_at: new Date(now - (600 - i) * 60_000).toISOString(),
    }));
    const old = new Date(now - 181 * 24 * 3600_000).toISOString();
    const recent = new Date(now - 179 * 24 * 3600_000).toISOString();
    for (let i = 0; i < rows.length; i += 100)
      await t.app.db
        .insertInto('notifications')
        .values(rows.slice(i, i + 100))
        .execute();
    await t.app.db
      .insertInto('notifications')
      .values([
        { user_to: few.id, type: 'mention', message: 'old', created_at: old },
        { user_to: few.id, type: 'mention', message: 'recent', created_at: recent },
      ])
      .execute();
    const removed = await Promise.all([pruneNotifications(t.app.db, now), pruneNotifications(t.app.db, now)]);
    expect(removed[0] + removed[1]).toBe(21);
    const kept = await t.app.db.selectFrom('notifications').select(['user_to', 'message']).orderBy('id').execute();
    const ofMany = kept.filter((row) => row.user_to === many.id).map((row) => row.message);
    expect(ofMany).toHaveLength(500);
    expect(ofMany[0]).toBe('n20');
    expect(ofMany.at(-1)).toBe('n519');
    expect(kept.filter((row) => row.user_to === few.id).map((row) => row.message)).toEqual(['recent']);
  });
});

describe('slow and idle clients', () => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await buildTestApp({ env: { REQUEST_TIMEOUT_MS: '500', SOCKET_CONNECT_TIMEOUT_MS: '500' } });
    url = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(() => t.close());

  const raw = async (): Promise<Socket> => {
    const { port } = new URL(url);
    const socket = tcpConnect(Number(port), '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    return socket;
  };

  it("keeps an idle connection open longer than a load balancer would (72 s), not Node's 5 s", async () => {
    expect(keepAliveTimeoutMs).toBe(72_000);
    const keepAlive = await new Promise<string | string[] | undefined>((resolve, reject) => {
      httpGet(`${url}/healthz`, (response) => {
        response.resume();
        response.once('end', () => resolve(response.headers['keep-alive']));
      }).once('error', reject);
    });
    expect(keepAlive).toBe('timeout=72');
  });

  it('cuts off a request body sent one byte at a time with 408', async () => {
    const socket = await raw();
    let answer = '';
    socket.setEncoding('utf8').on('data', (chunk: string) => (answer += chunk));
    // the drip may still be writing when the server answers 408 and closes: the kernel then resets the connection.
    socket.on('error', () => undefined);
    const closed = new Promise((resolve) => socket.once('close', resolve));
    socket.write(
      'POST /api/contact/chat HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{',
    );
    const drip = setInterval(() => socket.writable && socket.write(' '), 100);
    await closed;
    clearInterval(drip);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(await t.app.db.selectFrom('contact_messages').select('id').execute()).toEqual([]);
  });

  it('closes 1,000 idle sockets that never complete the Socket.IO handshake', async () => {
    const count = 1000;
    const closedAll: Promise<unknown>[] = [];
    const sockets: Socket[] = [];
    for (let i = 0; i < count; i += 1) {
      const socket = await raw();
      sockets.push(socket);
      closedAll.push(new Promise((resolve) => socket.once('close', resolve)));
      socket.on('error', () => undefined);
      // The server's close frame; answered as a WebSocket client does, after which the server ends the connection.
      socket.on('data', (chunk: Buffer) => {
        if (chunk.includes(closeFrame)) socket.write(maskedCloseFrame);
      });
      // An Engine.IO WebSocket upgrade, then silence: no Socket.IO CONNECT packet, no token.
      socket.write(
        `GET ${socketPath}/?EIO=4&transport=websocket HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
          `Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n`,
      );
    }
    const started = Date.now();
    await Promise.all(closedAll);
    console.log(
      `${count} idle unauthenticated sockets closed by the server ${Date.now() - started} ms after the last one opened`,
    );
    expect(sockets.every((socket) => socket.destroyed)).toBe(true);
  }, 30_000);
});

describe('socket origin and per-member bound', () => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await buildTestApp({
      env: { PUBLIC_URL: 'https://papo.example', ALLOWED_ORIGINS: 'https://app.papo.example' },
    });
    url = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(() => t.close());

  it('refuses a page of another site, and accepts the site, the allowed origins and the same host', async () => {
    const member = await buildUser(t.app, { username: 'origem' });
    const handshake = (origin: string) =>
      fetch(`${url}${socketPath}/?EIO=4&transport=polling`, { headers: { origin } });
    const refused = await handshake('https://evil.example');
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ code: 4, message: 'origin_not_allowed' });
    expect((await connectError(url, { token: member.token }, { origin: 'https://evil.example' })).message).toBe(
      'websocket error',
    );
    expect((await handshake('https://papo.example')).status).toBe(200);
    for (const origin of ['https://papo.example', 'https://app.papo.example', new URL(url).origin]) {
      const client = await connectClient(url, { token: member.token }, { origin });
      client.disconnect();
    }
  });

  it('bounds a member to 20 sockets, even when 300 open at once', async () => {
    const member = await buildUser(t.app, { username: 'muitosoquetes' });
    const attempts = await Promise.allSettled(
      Array.from({ length: 300 }, () => connectClient(url, { token: member.token })),
    );
    const open = attempts.flatMap((a) => (a.status === 'fulfilled' ? [a.value] : []));
    const reasons = new Set(attempts.flatMap((a) => (a.status === 'rejected' ? [(a.reason as Error).message] : [])));
    expect(open).toHaveLength(20);
    expect([...reasons]).toEqual(['too_many_connections']);
    open[0]!.disconnect();
    const replacement: TestClient = await (async () => {
      let client: TestClient | undefined;
      await waitFor('a free place', async () => {
        client = await connectClient(url, { token: member.token }).catch(() => undefined);
        return Boolean(client);
      });
      return client!;
    })();
    const other = await connectClient(url, { token: (await buildUser(t.app, { username: 'outrosoquete' })).token });
    for (const client of [...open, replacement, other]) client.disconnect();
  });
});
