import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasRedis } from '../../test/cluster.js';
import { hasPostgres } from '../../test/db.js';
import { startFakeService, type FakeService } from '../../test/fake-service.js';
import { startTwoNodes, type TwoNodes } from '../../test/nodes.js';
import { createTestDevice } from '../../test/push-device.js';
import { createSocketPool } from '../../test/sockets.js';
import { request } from '../../realtime/test-support.js';
import { newMember, openConversation, sendMessage } from '../conversations/test-support.js';

describe.skipIf(!hasRedis || !hasPostgres)('web push with two nodes on PostgreSQL and Redis', () => {
  let cluster: TwoNodes;
  let service: FakeService;
  const sockets = createSocketPool();
  const urls: string[] = [];

  beforeAll(async () => {
    service = await startFakeService();
    cluster = await startTwoNodes(
      process.env.TEST_REDIS_URL!,
      { REDIS_PREFIX: `push-${randomBytes(4).toString('hex')}` },
      { dialect: 'postgres', ownConnections: true },
    );
    for (const node of cluster.nodes) urls.push(await node.listen({ host: '127.0.0.1', port: 0 }));
  });
  afterAll(async () => {
    sockets.disconnectAll();
    await cluster?.close();
    await service?.close();
  });

  const idle = () => Promise.all(cluster.nodes.map((node) => node.push.idle()));

  it('pushes a notification once, from the node that stored it', async () => {
    const [a, b] = cluster.nodes;
    const [reader, writer] = [await newMember(a, 'rd'), await newMember(a, 'wr')];
    const device = createTestDevice(`${service.url}/push/once`);
    service.on('/push/once', { status: 201, text: '' });
    expect(
      (
        await a.inject({
          method: 'POST',
          url: '/api/push/subscriptions',
          headers: reader.headers,
          payload: device.subscription,
        })
      ).statusCode,
    ).toBe(201);
    const conversationId = await openConversation(b, writer, reader);
    await idle();
    const before = service.calls.length;

    expect((await sendMessage(b, writer, conversationId, 'oi')).statusCode).toBe(200);
    await idle();
    const pushes = service.calls.slice(before);
    expect(pushes).toHaveLength(1);
    expect(JSON.parse(device.decrypt(pushes[0]!.raw))).toMatchObject({
      type: 'new_private_message',
      url: `/pvt/${conversationId}`,
    });
  });

  it("pushes nothing while the member's tab on the other node shows the conversation", async () => {
    const [a, b] = cluster.nodes;
    const [reader, writer] = [await newMember(a, 'rd'), await newMember(a, 'wr')];
    const device = createTestDevice(`${service.url}/push/viewing`);
    service.on('/push/viewing', { status: 201, text: '' });
    await a.inject({
      method: 'POST',
      url: '/api/push/subscriptions',
      headers: reader.headers,
      payload: device.subscription,
    });
    const conversationId = await openConversation(b, writer, reader);
    const tab = await sockets.connect(urls[0]!, reader.token);
    expect(await request(tab, 'join', `conversation_${conversationId}`)).toMatchObject({ ok: true });
    await idle();
    const before = service.calls.length;

    expect((await sendMessage(b, writer, conversationId, 'oi')).statusCode).toBe(200);
    await idle();
    expect(service.calls.length).toBe(before);
  });
});
