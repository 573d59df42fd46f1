import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChannelMessage } from '@papo/contract/socket-events';
import { insertUser } from '../features/users/repo.js';
import { createTokenService } from '../lib/tokens.js';
import { connectClient, record, request, waitFor, type TestClient } from '../realtime/test-support.js';
import { createTestDatabase, hasPostgres, type TestDatabase } from '../test/db.js';
import { redisServerUnavailable, startRedisServer, type RedisServer } from '../test/redis-server.js';
import { startServerProcess, stopServerProcess, type ServerProcess } from '../test/server-process.js';

const secret = 'redis-outage-test-secret-long-enough-0123456789';
const pauseMs = 3_000;

/**
 * Two server processes on one PostgreSQL database and a Redis of the test's own, which the test pauses, stops and
 * starts again while members chat in #barra: a sender and a listener on node 1, a listener on node 2.
 */
describe.skipIf(!hasPostgres || redisServerUnavailable)('Redis pausing and dying under two nodes', () => {
  let database: TestDatabase;
  let redis: RedisServer;
  const nodes: ServerProcess[] = [];
  const clients: TestClient[] = [];
  let senderHeaders: Record<string, string>;
  let seenOnNode1: [ChannelMessage][];
  let seenOnNode2: [ChannelMessage][];

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    redis = await startRedisServer();
    const env = { DATABASE_URL: database.url!, REDIS_URL: redis.url, JWT_SECRET: secret };
    nodes.push(await startServerProcess(env), await startServerProcess(env));
    const tokens = createTokenService(secret);
    const account = async (username: string, roles: string[]) => {
      const userId = await insertUser(database.handle.db, { name: username, username, email: `${username}@example.com`, passwordHash: null, roles, verified: true });
      return tokens.signAccessToken({ userId, username, roles });
    };
    // NOTE: the sender is staff, whom flood control never limits, so the test may send as often as it measures.
    const sender = await account('falante', ['ROLE_USER', 'ROLE_MODERATOR']);
    senderHeaders = { authorization: `Bearer ${sender}`, 'content-type': 'application/json' };
    const join = async (url: string, token: string) => {
      const client = await connectClient(url, { token });
      clients.push(client);
      expect(await request(client, 'join', '#barra')).toEqual({ ok: true });
      return client;
    };
    await join(nodes[0]!.url, sender);
    seenOnNode1 = record(await join(nodes[0]!.url, await account('vizinha', ['ROLE_USER'])), 'new-message');
    seenOnNode2 = record(await join(nodes[1]!.url, await account('distante', ['ROLE_USER'])), 'new-message');
  }, 60_000);
  afterAll(async () => {
    for (const client of clients) client.disconnect();
    await Promise.all(nodes.map(stopServerProcess));
    await redis?.destroy();
    await database?.destroy();
  }, 30_000);

  let sent = 0;
  const send = async (label: string) => {
    const text = `${label}-${++sent}`;
    const res = await fetch(`${nodes[0]!.url}/api/send-message`, { method: 'POST', headers: senderHeaders, body: JSON.stringify({ channel: 'barra', text }) });
    expect(res.status, await res.clone().text()).toBe(200);
    return text;
  };
  const seen = (list: [ChannelMessage][], text: string) => list.some(([message]) => message.text === text);
  /** Sends every 200 ms until node 2's client receives one; answers the milliseconds since `from`. */
  const untilCrossNode = async (label: string, from: number) => {
    const texts: string[] = [];
    await waitFor(`cross-node delivery (${label})`, async () => {
      texts.push(await send(label));
      if (texts.some((text) => seen(seenOnNode2, text))) return true;
      await new Promise((resolve) => setTimeout(resolve, 200));
      return texts.some((text) => seen(seenOnNode2, text));
    }, 15_000);
    return Date.now() - from;
  };
  const readyz = async (node: ServerProcess) => {
    const res = await fetch(`${node.url}/readyz`);
    return { status: res.status, body: (await res.json()) as { status: string; redis?: string } };
  };

  it('delivers locally while Redis is paused, and across nodes again once it answers', async () => {
    await untilCrossNode('warm-up', Date.now());
    const pausedAt = Date.now();
    await redis.pause(pauseMs);
    const local = await send('paused');
    await waitFor('local delivery during the pause', () => seen(seenOnNode1, local), pauseMs + 5_000);
    const localMs = Date.now() - pausedAt;
    const resumedMs = await untilCrossNode('after-pause', pausedAt + pauseMs);
    console.log(`redis paused ${pauseMs} ms: same-node delivery ${localMs} ms into the pause; cross-node delivery back ${resumedMs} ms after redis answered`);
    expect(resumedMs).toBeLessThan(5_000);
    expect(nodes.every((node) => node.child.exitCode === null)).toBe(true);
  }, 60_000);

  it('stays up and ready (degraded) while Redis is down, and delivers across nodes again when it restarts', async () => {
    await redis.stop();
    const local = await send('down');
    await waitFor('local delivery while redis is down', () => seen(seenOnNode1, local), 5_000);
    await waitFor('/readyz to report the degraded state', async () => (await readyz(nodes[0]!)).body.redis === 'unavailable', 10_000);
    expect(await readyz(nodes[0]!)).toEqual({ status: 200, body: { status: 'degraded', redis: 'unavailable' } });
    const restartedAt = Date.now();
    await redis.start();
    const resumedMs = await untilCrossNode('after-restart', restartedAt);
    await waitFor('/readyz to report redis back', async () => (await readyz(nodes[0]!)).body.status === 'ready', 10_000);
    console.log(`redis stopped and restarted: cross-node delivery back ${resumedMs} ms after redis started; no process exited`);
    expect(resumedMs).toBeLessThan(5_000 + 2_000);
    expect(nodes.every((node) => node.child.exitCode === null)).toBe(true);
    const log = nodes.map((node) => node.output.join('')).join('');
    expect(log).not.toMatch(/Unhandled|uncaught/i);
  }, 60_000);
});
