import { rooms, type ReplayAnswer } from '@papo/contract/socket-events';
import { describe, expect, it } from 'vitest';
import { record, request, waitFor, type TestClient } from '../../realtime/test-support.js';
import { hasRedis, useCluster, type ClusterNode } from '../../test/cluster.js';
import type { TestUser } from '../../test/users.js';
import { createChannelAccess } from './access.js';
import { findChannel } from './channel-repo.js';
import { saveLevel } from './level-repo.js';
import { chatRoutes } from './routes.js';
import { requestFounding } from './test-support.js';

describe.skipIf(!hasRedis)('channels across two nodes sharing Redis (in-process)', () => {
  const cluster = useCluster({
    name: 'chat',
    realtime: (db) => ({ channels: createChannelAccess(db) }),
    routes: async (app, redis) => {
      await app.register(chatRoutes, { ...redis, realtime: app.realtime });
    },
  });
  let count = 0;
  const member = () => cluster.user(`cl${++count}`);
  const joined = async (node: ClusterNode, user: TestUser, room: string): Promise<TestClient> => {
    const client = await cluster.connect(node, user.token);
    // the first joiner founds the channel, as a member who said yes to creating it.
    expect(await requestFounding(client, room)).toEqual({ ok: true });
    return client;
  };
  const post = (node: ClusterNode, user: TestUser, url: string, payload: object) =>
    node.app.inject({ method: 'POST', url, headers: user.headers, payload });

  it("accepts a message on one node from a sender connected to the other, and delivers it to both nodes' members", async () => {
    const [nodeA, nodeB] = cluster.nodes;
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

  it("hands one turn's messages to the other node, whose members get them in order and before a later event", async () => {
    const [nodeA, nodeB] = cluster.nodes;
    const [alice, bob] = [await member(), await member()];
    await joined(nodeA, alice, '#faro');
    const bobOnB = await joined(nodeB, bob, '#faro');
    const heard: string[] = [];
    bobOnB.on('new-message', (m) => heard.push(m.text));
    bobOnB.on('topic-updated', (topic) => heard.push(`topic ${topic.content}`));
    const texts = ['um', 'dois', 'três'];
    const at = new Date().toISOString();
    for (const [i, text] of texts.entries()) {
      const message = {
        id: `00000000-0000-4000-8000-00000000000${i}`,
        channel: '#faro',
        username: alice.username,
        text,
        level: 0,
        timestamp: at,
      };
      nodeA.app.realtime.outbox.message(rooms.channel('faro'), message);
    }
    nodeA.app.realtime
      .to(rooms.channel('faro'))
      .emit('topic-updated', { content: 'depois', channel: '#faro', by: alice.username, at });
    await waitFor('bob hears all four', () => heard.length === 4);
    expect(heard).toEqual([...texts, 'topic depois']);
  });

  it('replays on one node the lines another node accepted while the member was away, once and in order', async () => {
    const [nodeA, nodeB] = cluster.nodes;
    const [alice, bob] = [await member(), await member()];
    await joined(nodeA, alice, '#replay');
    const bobTab = await cluster.connect(nodeB, bob.token);
    expect(await request(bobTab, 'join', '#replay')).toEqual({ ok: true });
    const heard = record(bobTab, 'new-message');
    expect((await post(nodeA, alice, '/api/send-message', { channel: 'replay', text: 'antes' })).statusCode).toBe(200);
    await waitFor('bob sees the first line', () => heard.length === 1);
    bobTab.disconnect();
    for (const text of ['um', 'dois', 'três'])
      expect((await post(nodeA, alice, '/api/send-message', { channel: 'replay', text })).statusCode).toBe(200);

    const back = await cluster.connect(nodeB, bob.token);
    expect(await request(back, 'join', '#replay')).toEqual({ ok: true });
    await waitFor('node B has heard the three lines', async () => {
      const answer: ReplayAnswer = await back
        .timeout(3_000)
        .emitWithAck('replay', { room: '#replay', after: heard[0]![0].id });
      return answer.ok && answer.messages.length === 3;
    });
    const answer: ReplayAnswer = await back
      .timeout(3_000)
      .emitWithAck('replay', { room: '#replay', after: heard[0]![0].id });
    expect(answer.ok && { complete: answer.complete, texts: answer.messages.map((message) => message.text) }).toEqual({
      complete: true,
      texts: ['um', 'dois', 'três'],
    });
  });

  it('shows the same presence, with levels, on both nodes', async () => {
    const [nodeA, nodeB] = cluster.nodes;
    const [op, viewer] = [await member(), await member()];
    const opTabs = [await joined(nodeA, op, '#sampa'), await joined(nodeA, op, '#sampa')];
    await saveLevel(cluster.database.handle.db, (await findChannel(cluster.database.handle.db, 'sampa'))!.id, op.id, 5);
    // node A's join reaches node B's presence a Redis hop later (one presence tick); the list is node B's.
    await waitFor('node B to know the op is in #sampa', () =>
      nodeB.app.realtime.presence.has(rooms.channel('sampa'), op.id),
    );
    const viewerClient = await cluster.connect(nodeB, viewer.token);
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
    const [nodeA, nodeB] = cluster.nodes;
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
    const [nodeA, nodeB] = cluster.nodes;
    const [op, alice] = [await member(), await member()];
    await joined(nodeA, op, '#lisboa');
    await saveLevel(
      cluster.database.handle.db,
      (await findChannel(cluster.database.handle.db, 'lisboa'))!.id,
      op.id,
      5,
    );
    const aliceSocket = await joined(nodeB, alice, '#lisboa');
    const kicked = record(aliceSocket, 'user-kicked');
    expect((await post(nodeA, op, '/api/kick', { channel: 'lisboa', nickname: alice.username })).statusCode).toBe(200);
    await waitFor('alice hears of it', () => kicked.length === 1);
    await waitFor('alice out of the room', async () =>
      (await nodeB.app.io.in(rooms.channel('lisboa')).fetchSockets()).every((s) => s.data.userId !== alice.id),
    );
    expect(
      (await post(nodeB, alice, '/api/send-message', { channel: 'lisboa', text: 'ainda aqui?' })).json().message,
    ).toBe('not_in_channel');
  });
});
