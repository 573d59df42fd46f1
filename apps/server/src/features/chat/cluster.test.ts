import { rooms } from '@papo/contract/socket-events';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installErrorHandler } from '../../lib/http-error.js';
import { realtimePlugin } from '../../realtime/plugin.js';
import { connectClient, record, request, tokens, waitFor, type TestClient } from '../../realtime/test-support.js';
import { createTestDatabase, type TestDatabase } from '../../test/db.js';
import { insertUser } from '../users/repo.js';
import { createChannelAccess } from './access.js';
import { findChannel } from './channel-repo.js';
import { saveLevel } from './level-repo.js';
import { chatRoutes } from './routes.js';

const redisUrl = process.env.TEST_REDIS_URL;

interface Node {
  app: FastifyInstance;
  url: string;
}

/** One node: real time and the chat routes on the shared database, with Redis keys of this run's own. */
async function startNode(database: TestDatabase, redisKey: string): Promise<Node> {
  const app = Fastify({ logger: false });
  app.decorate('db', database.handle.db);
  app.decorate('tokens', tokens);
  installErrorHandler(app);
  await app.register(realtimePlugin, { tokens, redisUrl, redisKey, channels: createChannelAccess(database.handle.db) });
  await app.register(chatRoutes, { redisUrl, redisKey });
  return { app, url: await app.listen({ host: '127.0.0.1', port: 0 }) };
}

describe.skipIf(!redisUrl)('channels across two nodes sharing Redis (in-process)', () => {
  const redisKey = `papo-chat-test-${process.pid}-${Date.now()}`;
  let database: TestDatabase;
  let nodeA: Node;
  let nodeB: Node;
  const clients: TestClient[] = [];
  let count = 0;
  const member = async () => {
    const username = `cl${++count}`;
    const id = await insertUser(database.handle.db, { name: username, username, email: `${username}@example.com`, passwordHash: null, roles: [], verified: true });
    const token = await tokens.signAccessToken({ userId: id, username, roles: [] });
    return { id, username, token, headers: { authorization: `Bearer ${token}` } };
  };
  type Member = Awaited<ReturnType<typeof member>>;
  const joined = async (node: Node, user: Member, room: string) => {
    const client = await connectClient(node.url, { token: user.token });
    clients.push(client);
    expect(await request(client, 'join', room)).toEqual({ ok: true });
    return client;
  };
  const post = (node: Node, user: Member, url: string, payload: object) =>
    node.app.inject({ method: 'POST', url, headers: user.headers, payload });

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

  it("accepts a message on one node from a sender connected to the other, and delivers it to both nodes' members", async () => {
    const [alice, bob, carol] = [await member(), await member(), await member()];
    const aliceOnB = record(await joined(nodeB, alice, '#barra'), 'new-message');
    const bobOnA = record(await joined(nodeA, bob, '#barra'), 'new-message');
    const carolSocket = await joined(nodeB, carol, '#rio');
    const carolOnB = record(carolSocket, 'new-message');

    const res = await post(nodeA, alice, '/api/send-message', { channel: 'barra', text: 'de B para todos' });
    expect(res.statusCode).toBe(200);
    await waitFor('both receive it', () => aliceOnB.length === 1 && bobOnA.length === 1);
    expect(bobOnA[0]?.[0]).toMatchObject({ username: alice.username, text: 'de B para todos', channel: '#barra' });
    await request(carolSocket, 'join', '#rio');
    expect(carolOnB).toEqual([]);
  });

  it('shows the same presence, with levels, on both nodes', async () => {
    const [op, viewer] = [await member(), await member()];
    const opTabs = [await joined(nodeA, op, '#sampa'), await joined(nodeA, op, '#sampa')];
    await saveLevel(database.handle.db, (await findChannel(database.handle.db, 'sampa'))!.id, op.id, 5);
    const viewerClient = await connectClient(nodeB.url, { token: viewer.token });
    clients.push(viewerClient);
    const lists = record(viewerClient, 'users');
    const left = record(viewerClient, 'user-left');
    await request(viewerClient, 'join', '#sampa');
    expect(lists[0]?.[0]).toEqual([
      { id: op.id, nickname: op.username, level: 5 },
      { id: viewer.id, nickname: viewer.username, level: 0 },
    ]);
    for (const tab of opTabs) tab.disconnect();
    await waitFor('user-left from the other node', () => left.length === 1);
    expect(left).toEqual([[op.id, '#sampa']]);
  });

  it('shares the flood limit between nodes', async () => {
    const [founder, alice] = [await member(), await member()];
    await joined(nodeA, founder, '#porto');
    await joined(nodeA, alice, '#porto');
    const statuses: number[] = [];
    for (const node of [nodeA, nodeA, nodeA, nodeB, nodeB, nodeB]) {
      statuses.push((await post(node, alice, '/api/send-message', { channel: 'porto', text: 'oi' })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it("kicks a user's sockets on the other node", async () => {
    const [op, alice] = [await member(), await member()];
    await joined(nodeA, op, '#lisboa');
    await saveLevel(database.handle.db, (await findChannel(database.handle.db, 'lisboa'))!.id, op.id, 5);
    const aliceSocket = await joined(nodeB, alice, '#lisboa');
    const kicked = record(aliceSocket, 'user-kicked');
    expect((await post(nodeA, op, '/api/kick', { channel: 'lisboa', nickname: alice.username })).statusCode).toBe(200);
    await waitFor('alice hears of it', () => kicked.length === 1);
    await waitFor('alice out of the room', async () => (await nodeB.app.io.in(rooms.channel('lisboa')).fetchSockets()).every((s) => s.data.userId !== alice.id));
    expect((await post(nodeB, alice, '/api/send-message', { channel: 'lisboa', text: 'ainda aqui?' })).json().message).toBe('not_in_channel');
  });
});
