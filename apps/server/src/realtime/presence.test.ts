import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  connectUser,
  presenceSettled,
  request,
  startRealtimeApp,
  waitFor,
  watchRoom,
  type TestClient,
} from './test-support.js';

describe('presence through a join storm (single node)', () => {
  let app: FastifyInstance;
  let url: string;
  const open: TestClient[] = [];
  const tab = async (userId: number) => {
    const client = await connectUser(url, userId);
    open.push(client);
    return client;
  };

  beforeAll(async () => {
    ({ app, url } = await startRealtimeApp());
  });
  afterEach(async () => {
    for (const client of open.splice(0)) client.disconnect();
    await waitFor('all sockets gone', () => app.io.of('/').sockets.size === 0);
    await presenceSettled(app);
  });
  afterAll(async () => {
    await app.close();
  });

  it('keeps every member list right through joins, parts, several tabs and disconnects, each join told once', async () => {
    const open = async (userId: number) => {
      const client = await tab(userId);
      return { userId, client, view: watchRoom(client, '#barra', userId), inRoom: true };
    };
    const watchers = await Promise.all([1, 2, 3].map(open));
    for (const { client } of watchers) await request(client, 'join', '#barra');

    // users 10–29 join at once, 10 and 11 with a second tab, which is never announced.
    const stormIds = Array.from({ length: 20 }, (_, i) => 10 + i);
    const storm = await Promise.all(stormIds.map(open));
    const secondTabs = await Promise.all([10, 11].map(open));
    await Promise.all([...storm, ...secondTabs].map(({ client }) => request(client, 'join', '#barra')));

    // Users 15–17 leave and user 18 drops; user 10's second tab drops and user 11's leaves: their first tabs stay.
    const goingIds = [15, 16, 17, 18];
    const going = [...storm.filter(({ userId }) => goingIds.includes(userId)), ...secondTabs];
    for (const t of going) t.inRoom = false;
    await Promise.all([going[0], going[1], going[2], going[5]].map((t) => request(t!.client, 'leave', '#barra')));
    going[3]!.client.disconnect();
    going[4]!.client.disconnect();
    const remaining = [...watchers, ...storm, ...secondTabs].filter((t) => t.client.connected);
    await waitFor('the drops reached the server', () => app.io.of('/').sockets.size === remaining.length);
    await presenceSettled(app);
    // a round trip each comes back after everything the server sent before it.
    await Promise.all(remaining.map(({ client }) => request(client, 'leave', '#nowhere')));

    const stayed = [1, 2, 3, ...stormIds.filter((id) => !goingIds.includes(id))];
    for (const { view } of [...watchers, ...storm].filter((t) => t.inRoom)) {
      expect([...view.members].sort((a, b) => a - b)).toEqual(stayed);
      expect(view.repeated).toEqual([]);
      expect(view.ghosts).toEqual([]);
    }
    for (const { view } of watchers) {
      for (const id of stormIds) expect(view.joinsSeen.filter((seen) => seen === id)).toHaveLength(1);
    }
  });
});

describe('presence through a long join storm, its windows running past their plan (decisions 022, 045)', () => {
  let app: FastifyInstance;
  let url: string;
  const open: TestClient[] = [];

  beforeAll(async () => {
    // short windows, so a storm of a hundred joins in waves lasts many planned windows.
    ({ app, url } = await startRealtimeApp({ presence: { windowMs: 20, maxWindowMs: 40, stormWindowMs: 5_000 } }));
  });
  afterAll(async () => {
    for (const client of open.splice(0)) client.disconnect();
    await app.close();
  });

  it('gives every member, early or late, every other member exactly once: in its list or as a join', async () => {
    const ids = Array.from({ length: 120 }, (_, i) => 100 + i);
    const tabs = [];
    for (let wave = 0; wave < ids.length; wave += 20) {
      tabs.push(
        ...(await Promise.all(
          ids.slice(wave, wave + 20).map(async (userId) => {
            const client = await connectUser(url, userId);
            open.push(client);
            return { userId, client, view: watchRoom(client, '#storm', userId) };
          }),
        )),
      );
    }
    // Waves of ten joins, each wave once the last was answered: the storm's windows fill as it goes.
    for (let wave = 0; wave < tabs.length; wave += 10) {
      await Promise.all(tabs.slice(wave, wave + 10).map(({ client }) => request(client, 'join', '#storm')));
    }
    await presenceSettled(app);
    await Promise.all(tabs.map(({ client }) => request(client, 'leave', '#nowhere')));

    for (const { userId, view } of tabs) {
      expect([...view.members].sort((a, b) => a - b)).toEqual(ids);
      expect(view.repeated).toEqual([]);
      expect(view.ghosts).toEqual([]);
      expect(view.joinsSeen.filter((seen) => seen === userId)).toHaveLength(1);
      expect(view.lists).toBe(1);
    }
    // the first to join hears every later joiner once.
    expect([...tabs[0]!.view.joinsSeen].sort((a, b) => a - b)).toEqual(ids);
  });
});
