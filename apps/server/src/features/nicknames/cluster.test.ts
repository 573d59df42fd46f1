import { rooms } from '@papo/contract/socket-events';
import { describe, expect, it } from 'vitest';
import { record, request, waitFor } from '../../realtime/test-support.js';
import { hasRedis, useCluster } from '../../test/cluster.js';
import { nicknameRoutes } from './routes.js';
import { createNicknameSource } from './sockets.js';

describe.skipIf(!hasRedis)('nickname announcements across two nodes sharing Redis (in-process)', () => {
  const cluster = useCluster({
    name: 'nick',
    realtime: (db) => ({ nicknames: createNicknameSource(db) }),
    routes: async (app) => {
      await app.register(nicknameRoutes, { realtime: app.realtime });
    },
  });

  it("renames the user's sockets on the other node and tells that node's channel members", async () => {
    const [nodeA, nodeB] = cluster.nodes;
    const alice = await cluster.user('alice');
    const bob = await cluster.user('bob');
    const aliceOnA = await cluster.connect(nodeA, alice.token);
    const aliceOnB = await cluster.connect(nodeB, alice.token);
    const bobOnB = await cluster.connect(nodeB, bob.token);
    await request(aliceOnA, 'join', '#barra');
    await request(bobOnB, 'join', '#barra');
    const bobChanged = record(bobOnB, 'nickname-changed');
    const bobLine = record(bobOnB, 'user-changed-nickname');

    const added = await nodeA.app.inject({
      method: 'POST',
      url: '/api/nicknames',
      headers: alice.headers,
      payload: { nickname: 'Brisa' },
    });
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
    const carol = await cluster.connect(nodeA, (await cluster.user('carol')).token);
    const lists = record(carol, 'users');
    const joined = record(carol, 'user-joined');
    await request(carol, 'join', '#rio');
    // node B's presence reaches node A through Redis a moment after Alice's join is answered: Carol finds her in
    // the room's list, or (joining in that moment) is told of her by node A's announcer as the news arrives.
    const brisa = { id: alice.id, nickname: 'Brisa', level: 0 };
    const seen = () => [...(lists[0]?.[0] ?? []), ...joined.flatMap(([payload, ...more]) => [payload.user, ...more])];
    await waitFor('carol sees alice in #rio', () => seen().some((user) => user.id === alice.id));
    expect(seen()).toEqual(expect.arrayContaining([brisa]));
  });
});
