import { rooms } from '@papo/contract/socket-events';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installErrorHandler } from '../../lib/http-error.js';
import { realtimePlugin } from '../../realtime/plugin.js';
import { connectClient, record, request, tokens, waitFor, type TestClient } from '../../realtime/test-support.js';
import { createTestDatabase, type TestDatabase } from '../../test/db.js';
import { insertUser } from '../users/repo.js';
import { nicknameRoutes } from './routes.js';

const redisUrl = process.env.TEST_REDIS_URL;

/**
 * One node: the real-time plugin and the nickname routes on a shared database. NOTE: built by hand
 * rather than with buildApp so each run gets Redis channels of its own (`redisKey`).
 */
async function startNode(database: TestDatabase, redisKey: string): Promise<{ app: FastifyInstance; url: string }> {
  const app = Fastify({ logger: false });
  app.decorate('db', database.handle.db);
  app.decorate('tokens', tokens);
  installErrorHandler(app);
  await app.register(realtimePlugin, { tokens, redisUrl, redisKey });
  await app.register(nicknameRoutes);
  return { app, url: await app.listen({ host: '127.0.0.1', port: 0 }) };
}

describe.skipIf(!redisUrl)('nickname announcements across two nodes sharing Redis (in-process)', () => {
  const redisKey = `papo-nick-test-${process.pid}-${Date.now()}`;
  let database: TestDatabase;
  let nodeA: { app: FastifyInstance; url: string };
  let nodeB: { app: FastifyInstance; url: string };
  const clients: TestClient[] = [];
  const user = async (username: string) => {
    const id = await insertUser(database.handle.db, {
      name: username,
      username,
      email: `${username}@example.com`,
      passwordHash: null,
      roles: [],
      verified: true,
    });
    const token = await tokens.signAccessToken({ userId: id, username, roles: [] });
    return { id, token, headers: { authorization: `Bearer ${token}` } };
  };
  const connect = async (url: string, token: string) => {
    const client = await connectClient(url, { token });
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    nodeA = await startNode(database, redisKey);
    nodeB = await startNode(database, redisKey);
    await waitFor('both nodes subscribed', async () => (await nodeA.app.io.of('/').adapter.serverCount()) === 2);
  });
  afterAll(async () => {
    for (const client of clients) client.disconnect();
    await Promise.all([nodeA?.app.close(), nodeB?.app.close()]);
    await database?.destroy();
  });

  it("renames the user's sockets on the other node and tells that node's channel members", async () => {
    const alice = await user('alice');
    const bob = await user('bob');
    const aliceOnA = await connect(nodeA.url, alice.token);
    const aliceOnB = await connect(nodeB.url, alice.token);
    const bobOnB = await connect(nodeB.url, bob.token);
    await request(aliceOnA, 'join', '#barra');
    await request(bobOnB, 'join', '#barra');
    const bobChanged = record(bobOnB, 'nickname-changed');
    const bobLine = record(bobOnB, 'user-changed-nickname');

    const added = await nodeA.app.inject({ method: 'POST', url: '/api/nicknames', headers: alice.headers, payload: { nickname: 'Brisa' } });
    const selected = await nodeA.app.inject({
      method: 'POST',
      url: '/api/select-nickname',
      headers: alice.headers,
      payload: { nicknameId: added.json().nickname.id },
    });
    expect(selected.statusCode).toBe(200);

    await waitFor('bob on node B hears of it', () => bobChanged.length === 1 && bobLine.length === 1);
    expect(bobChanged).toEqual([[{ id: alice.id, nickname: 'Brisa' }]]);
    expect(bobLine).toEqual([[{ message: 'nickname_changed', oldNickname: 'alice', newNickname: 'Brisa' }]]);
    await waitFor('alice renamed on node B', async () => {
      const [socket] = await nodeB.app.io.in(rooms.user(alice.id)).local.fetchSockets();
      return socket?.data.username === 'Brisa';
    });
    expect(aliceOnB.connected).toBe(true);

    // Alice's tab on node B joins a room now; node A's newcomer sees her there under the new nickname.
    await request(aliceOnB, 'join', '#rio');
    const carol = await connect(nodeA.url, (await user('carol')).token);
    const lists = record(carol, 'users');
    await request(carol, 'join', '#rio');
    expect(lists[0]?.[0]).toEqual(expect.arrayContaining([{ id: alice.id, nickname: 'Brisa', level: 0 }]));
  });
});
