import { rooms } from '@papo/contract/socket-events';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { record, request, waitFor } from '../../realtime/test-support.js';
import { describeEachDialect } from '../../test/db.js';
import type { TestUser } from '../../test/users.js';
import { startChatHarness, type ChatHarness } from './test-support.js';

describeEachDialect('KICK, BAN and UNBAN', (dialect) => {
  let h: ChatHarness;
  const inRoom = async (channel: string, userId: number) =>
    (await h.t.app.io.in(rooms.channel(channel)).fetchSockets()).filter((s) => s.data.userId === userId).length;
  const notificationsOf = (user: TestUser) =>
    h.t.app.db
      .selectFrom('notifications')
      .select(['type', 'message', 'actor'])
      .where('user_to', '=', user.id)
      .orderBy('id')
      .execute();
  const send = (user: TestUser, channel: string) => h.post(user, '/api/send-message', { channel, text: 'oi' });

  beforeAll(async () => {
    h = await startChatHarness(dialect);
  });
  afterEach(() => h.disconnectAll());
  afterAll(() => h.close());

  it('kicks every tab of the target out of the room with a system line to the room and to the target', async () => {
    const [op, alice, watcher] = [await h.member(), await h.member(), await h.member()];
    await h.setLevel('barra', op.id, 5);
    const watching = await h.joined(watcher, '#barra');
    const [kickedSeen, leftSeen] = [record(watching, 'user-kicked'), record(watching, 'user-left')];
    const tab1 = await h.joined(alice, '#barra');
    const tab2 = await h.joined(alice, '#barra');
    const targetSeen = [record(tab1, 'user-kicked'), record(tab2, 'user-kicked')];

    const res = await h.post(op, '/api/kick', { channel: '#barra', nickname: alice.username, reason: 'calma' });
    expect(res.json()).toEqual({ status: 'success', message: 'user_kicked' });
    const event = { channel: '#barra', userId: alice.id, nickname: alice.username, by: op.username, reason: 'calma' };
    await waitFor('the room hears of it', () => kickedSeen.length === 1 && leftSeen.length === 1);
    expect({ kicked: kickedSeen, left: leftSeen }).toEqual({ kicked: [[event]], left: [[alice.id, '#barra']] });
    await waitFor('both tabs hear of it', () => targetSeen.every((seen) => seen.length === 1));
    expect(await inRoom('barra', alice.id)).toBe(0);
    expect({ connected: tab1.connected && tab2.connected, send: (await send(alice, 'barra')).statusCode }).toEqual({
      connected: true,
      send: 403,
    });
    // a kick is not a ban: the user may come back.
    expect(await request(tab1, 'join', '#barra')).toEqual({ ok: true });
    await waitFor('kick notification', async () => (await notificationsOf(alice)).length === 1);
    expect(await notificationsOf(alice)).toEqual([{ type: 'kicked', message: '#barra', actor: op.username }]);
  });

  it('refuses to kick under PEACE, and a target who is not in the channel', async () => {
    const [op, otherOp, voiced, absent] = [await h.member(), await h.member(), await h.member(), await h.member()];
    await h.setLevel('rio', op.id, 5);
    await h.setLevel('rio', otherOp.id, 5);
    await h.setLevel('rio', voiced.id, 3);
    await h.joined(otherOp, '#rio');
    await h.joined(op, '#rio');
    const answers = [
      await h.post(op, '/api/kick', { channel: 'rio', nickname: otherOp.username }),
      await h.post(voiced, '/api/kick', { channel: 'rio', nickname: op.username }),
      await h.post(op, '/api/kick', { channel: 'rio', nickname: absent.username }),
    ];
    expect(answers.map((r) => [r.statusCode, r.json().message])).toEqual([
      [403, 'target_level_too_high'],
      [403, 'not_channel_operator'],
      [404, 'target_not_in_channel'],
    ]);
    expect(await inRoom('rio', otherOp.id)).toBe(1);
  });

  it('KICKBANs by default: the target leaves, cannot rejoin or send, and is notified', async () => {
    const [master, alice, watcher] = [await h.member(), await h.member(), await h.member()];
    await h.setLevel('sampa', master.id, 10);
    const watching = await h.joined(watcher, '#sampa');
    const banned = record(watching, 'user-banned');
    const kicked = record(watching, 'user-kicked');
    const tab = await h.joined(alice, '#sampa');
    const ownBanned = record(tab, 'user-banned');

    const res = await h.post(master, '/api/ban', { channel: 'sampa', nickname: alice.username, reason: 'spam' });
    expect(res.json()).toEqual({ status: 'success', message: 'user_banned', expiresAt: expect.any(String) });
    const hours = (Date.parse(res.json().expiresAt) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);
    await waitFor('ban and kick lines', () => banned.length === 1 && kicked.length === 1 && ownBanned.length === 1);
    expect(banned[0]).toEqual([
      {
        channel: '#sampa',
        userId: alice.id,
        nickname: alice.username,
        by: master.username,
        reason: 'spam',
        expiresAt: res.json().expiresAt,
      },
    ]);
    expect(await inRoom('sampa', alice.id)).toBe(0);
    expect(await request(tab, 'join', '#sampa')).toEqual({ ok: false, message: 'banned' });
    expect((await send(alice, 'sampa')).json()).toEqual({ status: 'error', message: 'banned' });
    await waitFor('ban notification', async () => (await notificationsOf(alice)).length === 1);
    expect(await notificationsOf(alice)).toEqual([{ type: 'banned', message: '#sampa', actor: master.username }]);
  });

  it('ends a ban when it expires, keeps one of 0 minutes until lifted, and bans without kicking on kick:false', async () => {
    const [op, alice] = [await h.member(), await h.member()];
    await h.setLevel('porto', op.id, 5);
    const tab = await h.joined(alice, '#porto');
    await h.post(op, '/api/ban', { channel: 'porto', nickname: alice.username, duration_minutes: 0, kick: false });
    expect(await inRoom('porto', alice.id)).toBe(1);
    expect((await send(alice, 'porto')).statusCode).toBe(403);
    const row = await h.t.app.db
      .selectFrom('channel_bans')
      .select(['expires_at', 'by_user_id'])
      .where('user_id', '=', alice.id)
      .executeTakeFirst();
    expect(row).toEqual({ expires_at: null, by_user_id: op.id });

    await h.t.app.db
      .updateTable('channel_bans')
      .set({ expires_at: new Date(Date.now() - 60_000).toISOString() })
      .where('user_id', '=', alice.id)
      .execute();
    expect((await send(alice, 'porto')).statusCode).toBe(200);
    expect(await request(tab, 'join', '#porto')).toEqual({ ok: true });
  });

  it('lifts a ban with unban (operators only) and answers not_banned when there is none', async () => {
    const [op, alice, plain] = [await h.member(), await h.member(), await h.member()];
    await h.setLevel('lisboa', op.id, 5);
    const watching = await h.joined(op, '#lisboa');
    const lifted = record(watching, 'user-unbanned');
    await h.post(op, '/api/ban', { channel: 'lisboa', nickname: alice.username, duration_minutes: 0 });
    const refused = await h.post(plain, '/api/unban', { channel: 'lisboa', nickname: alice.username });
    expect(refused.json()).toEqual({ status: 'error', message: 'not_channel_operator' });

    expect((await h.post(op, '/api/unban', { channel: 'lisboa', nickname: alice.username })).json()).toEqual({
      status: 'success',
      message: 'user_unbanned',
    });
    await waitFor('user-unbanned', () => lifted.length === 1);
    expect(lifted[0]).toEqual([{ channel: '#lisboa', userId: alice.id, nickname: alice.username, by: op.username }]);
    const socket = await h.connect(alice);
    expect(await request(socket, 'join', '#lisboa')).toEqual({ ok: true });
    const again = await h.post(op, '/api/unban', { channel: 'lisboa', nickname: alice.username });
    expect({ status: again.statusCode, message: again.json().message }).toEqual({ status: 404, message: 'not_banned' });
  });

  it('lets staff ban a founder, never the other way round', async () => {
    const [staff, founder] = [await h.member({ staff: true }), await h.member()];
    await h.setLevel('miami', founder.id, 100);
    const up = await h.post(founder, '/api/ban', { channel: 'miami', nickname: staff.username });
    const down = await h.post(staff, '/api/ban', { channel: 'miami', nickname: founder.username, duration_minutes: 5 });
    expect([up.statusCode, up.json().message, down.statusCode]).toEqual([403, 'target_level_too_high', 200]);
  });

  it.each([
    [{ channel: 'barra', nickname: 'x1', duration_minutes: -1 }, { duration_minutes: ['invalid_duration'] }],
    [{ channel: 'barra', nickname: 'x1', duration_minutes: 1.5 }, { duration_minutes: ['invalid_duration'] }],
    [{ channel: 'barra', nickname: 'x1', reason: 'r'.repeat(201) }, { reason: ['too_long'] }],
    [{ channel: 'barra', nickname: 'x1', reason: 'a\u0000b' }, { reason: ['invalid_characters'] }],
    [{ channel: 'barra' }, { nickname: ['nickname_required'] }],
  ])('refuses the ban %j with validation_failed', async (payload, errors) => {
    const staff = await h.member({ staff: true });
    const res = await h.post(staff, '/api/ban', payload);
    expect({ status: res.statusCode, body: res.json() }).toEqual({
      status: 400,
      body: { status: 'error', message: 'validation_failed', errors },
    });
  });
});
