import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { rooms } from '@papo/contract/socket-events';
import {
  connectUser,
  presenceSettled,
  record,
  request,
  startRealtimeApp,
  waitFor,
  type TestClient,
} from './test-support.js';

describe('rooms and presence (single node)', () => {
  let app: FastifyInstance;
  let url: string;
  const open: TestClient[] = [];
  const user = async (id: number) => {
    const client = await connectUser(url, id);
    open.push(client);
    return client;
  };
  const socketCount = () => app.io.of('/').sockets.size;

  beforeAll(async () => {
    // these tests are about who hears of which join and part, not when: short batch windows (presence.test.ts
    // times the windows themselves) let each test end in tens of milliseconds instead of a second.
    ({ app, url } = await startRealtimeApp({ presence: { windowMs: 20, maxWindowMs: 40 } }));
  });
  afterEach(async () => {
    for (const client of open.splice(0)) client.disconnect();
    await waitFor('all sockets gone', () => socketCount() === 0);
    await presenceSettled(app);
  });
  afterAll(async () => {
    await app.close();
  });

  it('answers a join with ok and the room list, counting a user with two tabs once', async () => {
    const tab1 = await user(1);
    const tab2 = await user(1);
    const lists = record(tab2, 'users');
    expect(await request(tab1, 'join', '#barra')).toEqual({ ok: true });
    expect(await request(tab2, 'join', '#barra')).toEqual({ ok: true });
    expect(lists).toEqual([[[{ id: 1, nickname: 'user1', level: 0 }], '#barra']]);
  });

  it("announces a second user's join to the first, and lists both for the newcomer", async () => {
    const alice = await user(1);
    const bob = await user(2);
    const joinedSeenByAlice = record(alice, 'user-joined');
    const bobLists = record(bob, 'users');
    await request(alice, 'join', '#barra');
    await request(bob, 'join', '#barra');
    await waitFor('user-joined for bob', () => joinedSeenByAlice.length === 2);
    expect(joinedSeenByAlice[1]).toEqual([
      { room: '#barra', user: { id: 2, nickname: 'user2', level: 0 }, nickname: 'user2', message: 'join' },
    ]);
    expect(bobLists[0]?.[0]).toEqual(
      expect.arrayContaining([
        { id: 1, nickname: 'user1', level: 0 },
        { id: 2, nickname: 'user2', level: 0 },
      ]),
    );
  });

  it('does not announce a second tab of a user already in the room', async () => {
    const alice = await user(1);
    const tab1 = await user(2);
    const tab2 = await user(2);
    await request(alice, 'join', '#barra');
    const joined = record(alice, 'user-joined');
    await request(tab1, 'join', '#barra');
    await request(tab2, 'join', '#barra');
    await presenceSettled(app);
    await request(alice, 'join', '#rio');
    expect(joined.map(([payload]) => payload.user.id)).toEqual([2, 1]);
  });

  it('announces user-left on leave only when the last tab leaves', async () => {
    const alice = await user(1);
    const tab1 = await user(2);
    const tab2 = await user(2);
    for (const client of [alice, tab1, tab2]) await request(client, 'join', '#barra');
    const left = record(alice, 'user-left');

    expect(await request(tab1, 'leave', '#barra')).toEqual({ ok: true });
    // a round trip of alice's own orders after anything the server sent her before it.
    await request(alice, 'join', '#rio');
    expect(left).toEqual([]);

    expect(await request(tab2, 'leave', '#barra')).toEqual({ ok: true });
    await waitFor('user-left', () => left.length === 1);
    expect(left).toEqual([[2, '#barra']]);
  });

  it('announces user-left on disconnect only when the last tab goes', async () => {
    const alice = await user(1);
    const tab1 = await user(2);
    const tab2 = await user(2);
    for (const client of [alice, tab1, tab2]) await request(client, 'join', '#barra');
    const left = record(alice, 'user-left');

    tab1.disconnect();
    await waitFor('tab 1 gone', () => socketCount() === 2);
    await request(alice, 'join', '#rio');
    expect(left).toEqual([]);

    tab2.disconnect();
    await waitFor('user-left', () => left.length === 1);
    expect(left).toEqual([[2, '#barra']]);
  });

  it('treats leaving a room one is not in as a no-op', async () => {
    const alice = await user(1);
    expect(await request(alice, 'leave', '#barra')).toEqual({ ok: true });
  });

  it.each([
    ['barra'],
    ['#Bad Name'],
    [42],
    ['conversation_x'],
    [null],
    [{ room: '#barra' }],
    [`#${'a'.repeat(31)}`],
    ['#'],
  ])('refuses the room %j as invalid_room and joins nothing', async (room) => {
    const alice = await user(1);
    expect(await request(alice, 'join', room)).toEqual({ ok: false, message: 'invalid_room' });
    expect(await request(alice, 'leave', room)).toEqual({ ok: false, message: 'invalid_room' });
    const [socket] = await app.io.in(rooms.user(1)).fetchSockets();
    expect(socket?.rooms.size).toBe(2);
    expect(alice.connected).toBe(true);
  });

  it('survives a join sent without an ack callback', async () => {
    const alice = await user(1);
    alice.emit('join', '#barra');
    await waitFor('joined', async () => (await app.io.in(rooms.channel('barra')).fetchSockets()).length === 1);
  });

  it('refuses conversation rooms when no membership checker is configured', async () => {
    const alice = await user(1);
    expect(await request(alice, 'join', 'conversation_1')).toEqual({ ok: false, message: 'not_a_member' });
  });
});

describe('conversation rooms with a membership checker', () => {
  let app: FastifyInstance;
  let url: string;
  const members = new Map<number, number[]>([[1, [1, 2]]]);

  beforeAll(async () => {
    ({ app, url } = await startRealtimeApp({
      conversations: {
        async isMember(userId, conversationId) {
          if (conversationId === 99) throw new Error('database is down');
          return members.get(conversationId)?.includes(userId) ?? false;
        },
      },
    }));
  });
  afterAll(async () => {
    await app.close();
  });

  it('lets a member join and keeps others out', async () => {
    const member = await connectUser(url, 2);
    const stranger = await connectUser(url, 3);
    expect(await request(member, 'join', 'conversation_1')).toEqual({ ok: true });
    expect(await app.io.in(rooms.conversation(1)).fetchSockets()).toHaveLength(1);
    expect(await request(stranger, 'join', 'conversation_1')).toEqual({ ok: false, message: 'not_a_member' });
    expect(await request(stranger, 'join', 'conversation_2')).toEqual({ ok: false, message: 'not_a_member' });
    member.disconnect();
    stranger.disconnect();
  });

  it('answers join_failed when the checker fails, and keeps the connection', async () => {
    const member = await connectUser(url, 1);
    expect(await request(member, 'join', 'conversation_99')).toEqual({ ok: false, message: 'join_failed' });
    expect(await request(member, 'join', 'conversation_1')).toEqual({ ok: true });
    member.disconnect();
  });
});
