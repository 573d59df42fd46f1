import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  connectUser,
  presenceSettled,
  record,
  request,
  startRealtimeApp,
  waitFor,
  watchRoom,
  type TestClient,
} from './test-support.js';

const redisUrl = process.env.TEST_REDIS_URL;

/** Two nodes sharing Redis with the given reconnect grace, and helpers for tabs on them. */
function twoNodes(name: string, reconnectGraceMs: number) {
  const redisKey = `papo-grace-${name}-${process.pid}-${randomBytes(4).toString('hex')}`;
  const nodes: { app: FastifyInstance; url: string }[] = [];
  const open: TestClient[] = [];
  beforeAll(async () => {
    for (let i = 0; i < 2; i += 1)
      nodes.push(await startRealtimeApp({ redisUrl, redisKey, presence: { reconnectGraceMs } }));
    await waitFor('both nodes subscribed', async () => (await nodes[0]!.app.io.of('/').adapter.serverCount()) === 2);
  });
  afterAll(async () => {
    for (const client of open) client.disconnect();
    await Promise.all(nodes.map(({ app }) => app.close()));
  });
  const tab = async (node: { url: string }, userId: number) => {
    const client = await connectUser(node.url, userId);
    open.push(client);
    return client;
  };
  /** Drops the tab's connection without a word (a reload, a network cut) and waits until its node let it go. */
  const drop = async (node: { app: FastifyInstance }, client: TestClient) => {
    const id = client.id;
    client.io.engine.close();
    await waitFor('the node saw the drop', () => id !== undefined && !node.app.io.of('/').sockets.has(id));
  };
  /** Who a new tab on each node is listed as in the room. */
  const listed = async (room: string) =>
    Promise.all(
      nodes.map(async (node) => {
        const client = await tab(node, 900);
        const lists = record(client, 'users');
        await request(client, 'join', room);
        client.disconnect();
        return (lists[0]?.[0] ?? [])
          .map((user) => user.id)
          .filter((id) => id !== 900)
          .sort((a, b) => a - b);
      }),
    );
  return { nodes, tab, drop, listed };
}

describe.skipIf(!redisUrl)('a reload across two nodes within the reconnect grace', () => {
  const { nodes, tab, drop, listed } = twoNodes('reload', 60_000);

  it('is told to no one, whichever node the page comes back to, and both nodes keep listing the member', async () => {
    const [a, b] = [nodes[0]!, nodes[1]!];
    const watchers = [await tab(a, 1), await tab(b, 2)];
    const views = watchers.map((client, i) => watchRoom(client, '#volta', i + 1));
    for (const client of watchers) await request(client, 'join', '#volta');
    const member = await tab(a, 7);
    await request(member, 'join', '#volta');
    await waitFor('both watchers heard the join', () => views.every((view) => view.members.has(7)));

    await drop(a, member);
    expect(await listed('#volta')).toEqual([
      [1, 2, 7],
      [1, 2, 7],
    ]);
    // The page loads again on the other node.
    const reloaded = await tab(b, 7);
    await request(reloaded, 'join', '#volta');
    await Promise.all(nodes.map(({ app }) => presenceSettled(app)));
    await Promise.all(watchers.map((client) => request(client, 'join', '#volta')));
    for (const view of views) {
      expect(view.joinsSeen.filter((id) => id === 7)).toHaveLength(1);
      expect(view.members.has(7)).toBe(true);
    }
    expect(await listed('#volta')).toEqual([
      [1, 2, 7],
      [1, 2, 7],
    ]);

    // Leaving for real from the reloaded tab is told at once to both nodes, once; a ghost or a repeat would show.
    await request(reloaded, 'leave', '#volta');
    await waitFor('both watchers heard the part', () => views.every((view) => !view.members.has(7)));
    expect(await listed('#volta')).toEqual([
      [1, 2],
      [1, 2],
    ]);
    for (const view of views) {
      expect(view.ghosts).toEqual([]);
      expect(view.repeated).toEqual([]);
    }
  });
});

describe.skipIf(!redisUrl)('a tab dropped on one of two nodes that does not come back', () => {
  const { nodes, tab, drop, listed } = twoNodes('gone', 300);

  it('is told once on both nodes after the grace, and both lists lose the member', async () => {
    const [a, b] = [nodes[0]!, nodes[1]!];
    const watchers = [await tab(a, 1), await tab(b, 2)];
    const views = watchers.map((client, i) => watchRoom(client, '#sumiu', i + 1));
    const parts = watchers.map((client) => record(client, 'user-left'));
    for (const client of watchers) await request(client, 'join', '#sumiu');
    const member = await tab(a, 7);
    await request(member, 'join', '#sumiu');
    await waitFor('both watchers heard the join', () => views.every((view) => view.members.has(7)));

    await drop(a, member);
    await waitFor('both watchers heard the part', () => views.every((view) => !view.members.has(7)));
    await Promise.all(watchers.map((client) => request(client, 'join', '#sumiu')));
    expect(parts.map((heard) => heard.length)).toEqual([1, 1]);
    expect(await listed('#sumiu')).toEqual([
      [1, 2],
      [1, 2],
    ]);
  });
});
