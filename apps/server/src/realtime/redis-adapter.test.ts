import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectUser, record, request, startRealtimeApp, waitFor, type TestClient } from './test-support.js';

const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!redisUrl)('rooms across two nodes sharing Redis (in-process)', () => {
  // a key of its own keeps parallel runs on the same Redis from hearing each other.
  const redisKey = `papo-test-${process.pid}-${Date.now()}`;
  let nodeA: FastifyInstance;
  let nodeB: FastifyInstance;
  let clientA: TestClient;
  let clientB: TestClient;

  beforeAll(async () => {
    const a = await startRealtimeApp({ redisUrl, redisKey });
    const b = await startRealtimeApp({ redisUrl, redisKey });
    nodeA = a.app;
    nodeB = b.app;
    await waitFor('both nodes subscribed', async () => (await nodeA.io.of('/').adapter.serverCount()) === 2);
    clientA = await connectUser(a.url, 1);
    clientB = await connectUser(b.url, 2);
  });
  afterAll(async () => {
    clientA?.disconnect();
    clientB?.disconnect();
    await Promise.all([nodeA?.close(), nodeB?.close()]);
  });

  it("shows a join on node A to node B's client, and lists A's user on B", async () => {
    const joinedSeenByB = record(clientB, 'user-joined');
    const listsOnB = record(clientB, 'users');
    expect(await request(clientB, 'join', '#barra')).toEqual({ ok: true });
    expect(await request(clientA, 'join', '#barra')).toEqual({ ok: true });
    await waitFor('user-joined from node A', () => joinedSeenByB.some(([p]) => p.user.id === 1));

    expect(await request(clientB, 'join', '#barra')).toEqual({ ok: true });
    expect(listsOnB.at(-1)).toEqual([
      expect.arrayContaining([
        { id: 1, nickname: 'user1', level: 0 },
        { id: 2, nickname: 'user2', level: 0 },
      ]),
      '#barra',
    ]);
  });

  it("tells node B's client when the user on node A leaves", async () => {
    const leftSeenByB = record(clientB, 'user-left');
    expect(await request(clientA, 'leave', '#barra')).toEqual({ ok: true });
    await waitFor('user-left from node A', () => leftSeenByB.length === 1);
    expect(leftSeenByB).toEqual([[1, '#barra']]);
  });
});

describe('a node whose Redis is unreachable', () => {
  let app: FastifyInstance;
  let url: string;
  const logLines: string[] = [];

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logLines.push(chunk.toString());
        done();
      },
    });
    ({ app, url } = await startRealtimeApp({ redisUrl: 'redis://127.0.0.1:1' }, { level: 'warn', stream }));
  });
  afterAll(async () => {
    await app.close();
  });

  it('stays up and serves a local join, logging the outage without flooding', async () => {
    const alice = await connectUser(url, 1);
    const bob = await connectUser(url, 2);
    const joinedSeenByAlice = record(alice, 'user-joined');
    const bobLists = record(bob, 'users');
    expect(await request(alice, 'join', '#barra')).toEqual({ ok: true });
    expect(await request(bob, 'join', '#barra')).toEqual({ ok: true });
    await waitFor('user-joined for bob', () => joinedSeenByAlice.some(([p]) => p.user.id === 2));
    expect(bobLists[0]?.[0]).toEqual(
      expect.arrayContaining([
        { id: 1, nickname: 'user1', level: 0 },
        { id: 2, nickname: 'user2', level: 0 },
      ]),
    );
    expect(alice.connected && bob.connected).toBe(true);

    const redisWarnings = logLines.filter((line) => line.includes('does not answer'));
    expect(redisWarnings).toHaveLength(1);
    alice.disconnect();
    bob.disconnect();
  });
});
