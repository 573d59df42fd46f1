import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installErrorHandler } from '../../lib/http-error.js';
import { realtimePlugin } from '../../realtime/plugin.js';
import { connectClient, record, request, tokens, waitFor, type TestClient } from '../../realtime/test-support.js';
import { createTestDatabase, type TestDatabase } from '../../test/db.js';
import { notificationRoutes } from '../notifications/routes.js';
import { insertUser } from '../users/repo.js';
import { createConversationMembership } from './membership.js';
import { conversationRoutes } from './routes.js';

const redisUrl = process.env.TEST_REDIS_URL;

/**
 * One node: real time, conversations and notifications on a shared database. NOTE: built by hand
 * rather than with buildApp so each run gets Redis channels of its own (`redisKey`).
 */
async function startNode(database: TestDatabase, redisKey: string): Promise<{ app: FastifyInstance; url: string }> {
  const app = Fastify({ logger: false });
  app.decorate('db', database.handle.db);
  app.decorate('tokens', tokens);
  installErrorHandler(app);
  await app.register(realtimePlugin, { tokens, redisUrl, redisKey, conversations: createConversationMembership(database.handle.db) });
  await app.register(conversationRoutes);
  await app.register(notificationRoutes);
  return { app, url: await app.listen({ host: '127.0.0.1', port: 0 }) };
}

describe.skipIf(!redisUrl)('private conversations across two nodes sharing Redis', () => {
  const redisKey = `papo-pvt-test-${process.pid}-${Date.now()}`;
  let database: TestDatabase;
  let nodeA: { app: FastifyInstance; url: string };
  let nodeB: { app: FastifyInstance; url: string };
  const clients: TestClient[] = [];
  const user = async (username: string) => {
    const id = await insertUser(database.handle.db, { name: username, username, email: `${username}@example.com`, passwordHash: null, roles: [], verified: true });
    const token = await tokens.signAccessToken({ userId: id, username, roles: [] });
    return { id, username, token, headers: { authorization: `Bearer ${token}` } };
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

  it('delivers, types and notifies whichever node each member is connected to', async () => {
    const [ana, bia] = [await user('ana'), await user('bia')];
    const added = await nodeA.app.inject({ method: 'POST', url: '/api/add-conversation', headers: ana.headers, payload: { user: bia.id } });
    const id = added.json().conversation_id as number;
    const anaOnB = await connect(nodeB.url, ana.token);
    const biaOnB = await connect(nodeB.url, bia.token);
    await request(anaOnB, 'join', `conversation_${id}`);
    expect(await request(biaOnB, 'join', `conversation_${id}`)).toEqual({ ok: true });
    const heard = { messages: record(biaOnB, 'new_message'), bells: record(biaOnB, 'new_notification'), typing: record(biaOnB, 'typing'), anaTyping: record(anaOnB, 'typing') };
    const send = (content: string) =>
      nodeA.app.inject({ method: 'POST', url: '/api/conversations/private/messages', headers: ana.headers, payload: { content, conversation_id: id } });

    expect((await send('viewing')).statusCode).toBe(200);
    await nodeA.app.inject({ method: 'POST', url: '/api/typing', headers: ana.headers, payload: { conversation_id: id, is_typing: true } });
    await waitFor('message and typing on the other node', () => heard.messages.length === 1 && heard.typing.length === 1);
    expect(heard.typing[0]).toEqual([{ is_typing: true, username: 'ana', conversation_id: id }]);
    expect(heard.bells).toEqual([]);

    await request(biaOnB, 'leave', `conversation_${id}`);
    await send('away');
    await waitFor('the notification on the other node', () => heard.bells.length === 1);
    expect(heard.bells[0]).toEqual([expect.objectContaining({ type: 'new_private_message', message: 'ana', userTo: bia.id })]);
    expect(heard.messages).toHaveLength(1);
    expect(heard.anaTyping).toEqual([]);
  });
});
