import { describe, expect, it } from 'vitest';
import { record, request, waitFor } from '../../realtime/test-support.js';
import { hasRedis, useCluster } from '../../test/cluster.js';
import { notificationRoutes } from '../notifications/routes.js';
import { createConversationMembership } from './membership.js';
import { conversationRoutes } from './routes.js';

describe.skipIf(!hasRedis)('private conversations across two nodes sharing Redis', () => {
  const cluster = useCluster({
    name: 'pvt',
    realtime: (db) => ({ conversations: createConversationMembership(db) }),
    routes: async (app) => {
      await app.register(conversationRoutes, {
        realtime: app.realtime,
        channelTyping: () => Promise.reject(new Error('these nodes serve no channels')),
      });
      await app.register(notificationRoutes);
    },
  });

  it('delivers, types and notifies whichever node each member is connected to', async () => {
    const [nodeA, nodeB] = cluster.nodes;
    const [ana, bia] = [await cluster.user('ana'), await cluster.user('bia')];
    const anaOnB = await cluster.connect(nodeB, ana.token);
    const biaOnB = await cluster.connect(nodeB, bia.token);
    // the opening's bell crosses Redis from node A; waited for here so that it cannot land among the bells
    // the test counts below.
    const openings = record(biaOnB, 'new_notification');
    const added = await nodeA.app.inject({
      method: 'POST',
      url: '/api/add-conversation',
      headers: ana.headers,
      payload: { user: bia.id },
    });
    const id = added.json().conversation_id as number;
    await waitFor("the opening's bell on the other node", () => openings.length === 1);
    await request(anaOnB, 'join', `conversation_${id}`);
    expect(await request(biaOnB, 'join', `conversation_${id}`)).toEqual({ ok: true });
    const heard = {
      messages: record(biaOnB, 'new_message'),
      bells: record(biaOnB, 'new_notification'),
      typing: record(biaOnB, 'typing'),
      anaTyping: record(anaOnB, 'typing'),
    };
    const send = (content: string) =>
      nodeA.app.inject({
        method: 'POST',
        url: '/api/conversations/private/messages',
        headers: ana.headers,
        payload: { content, conversation_id: id },
      });

    expect((await send('viewing')).statusCode).toBe(200);
    await nodeA.app.inject({
      method: 'POST',
      url: '/api/typing',
      headers: ana.headers,
      payload: { conversation_id: id, is_typing: true },
    });
    await waitFor(
      'message and typing on the other node',
      () => heard.messages.length === 1 && heard.typing.length === 1,
    );
    expect(heard.typing[0]).toEqual([{ is_typing: true, username: 'ana', conversation_id: id }]);
    expect(heard.bells).toEqual([]);

    await request(biaOnB, 'leave', `conversation_${id}`);
    await send('away');
    await waitFor('the notification on the other node', () => heard.bells.length === 1);
    expect(heard.bells[0]).toEqual([
      expect.objectContaining({ type: 'new_private_message', message: 'ana', userTo: bia.id }),
    ]);
    expect(heard.messages).toHaveLength(1);
    expect(heard.anaTyping).toEqual([]);
  });
});
