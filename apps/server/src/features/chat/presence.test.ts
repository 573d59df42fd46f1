import { rooms } from '@papo/contract/socket-events';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { record, request, waitFor } from '../../realtime/test-support.js';
import { describeEachDialect } from '../../test/db.js';
import { saveBan } from './ban-repo.js';
import { findChannel } from './channel-repo.js';
import { findLevels } from './level-repo.js';
import { requestFounding, startChatHarness, type ChatHarness } from './test-support.js';

describeEachDialect('channel presence', (dialect) => {
  let h: ChatHarness;

  beforeAll(async () => {
    h = await startChatHarness(dialect);
  });
  afterEach(() => h.disconnectAll());
  afterAll(() => h.close());

  it('lists each user once with their channel level, staff at 1000, whatever the number of tabs', async () => {
    const [op, plain, staff] = [await h.member(), await h.member(), await h.member({ staff: true })];
    await h.setLevel('rio', op.id, 5);
    await h.joined(op, '#rio');
    await h.joined(op, '#rio');
    await h.joined(staff, '#rio');
    await h.joined(plain, '#rio');
    const newcomer = await h.connect(plain);
    const seen = record(newcomer, 'users');
    await request(newcomer, 'join', '#rio');
    expect(seen[0]?.[1]).toBe('#rio');
    expect([...seen[0]![0]].sort((a, b) => a.id - b.id)).toEqual([
      { id: op.id, nickname: op.username, level: 5 },
      { id: plain.id, nickname: plain.username, level: 0 },
      { id: staff.id, nickname: staff.username, level: 1000 },
    ]);
  });

  it('announces a join with the level, and a leave only when the last tab goes (leave or drop)', async () => {
    const [watcher, master] = [await h.member(), await h.member()];
    await h.setLevel('porto', master.id, 10);
    const socket = await h.joined(watcher, '#porto');
    const joined = record(socket, 'user-joined');
    const left = record(socket, 'user-left');
    const tab1 = await h.joined(master, '#porto');
    const tab2 = await h.joined(master, '#porto');
    await waitFor('user-joined', () => joined.length === 1);
    expect(joined[0]).toEqual([
      {
        room: '#porto',
        user: { id: master.id, nickname: master.username, level: 10 },
        nickname: master.username,
        message: 'join',
      },
    ]);

    expect(await request(tab1, 'leave', '#porto')).toEqual({ ok: true });
    await request(socket, 'join', '#porto');
    expect(left).toEqual([]);
    tab2.disconnect();
    await waitFor('user-left after the drop', () => left.length === 1);
    expect(left).toEqual([[master.id, '#porto']]);
    expect(joined).toHaveLength(1);
  });

  it('refuses an unknown channel with channel_not_found, creating nothing, unless the join asks to create it', async () => {
    const [founder, other] = [await h.member(), await h.member()];
    const founderSocket = await h.connect(founder);
    // The spec's join (room and ack), one without an ack's options, and options that are not a yes: none founds it.
    expect(await request(founderSocket, 'join', '#novo_canal-1')).toEqual({ ok: false, message: 'channel_not_found' });
    expect(await founderSocket.timeout(3_000).emitWithAck('join', '#novo_canal-1', {})).toEqual({
      ok: false,
      message: 'channel_not_found',
    });
    const notAYes = { create: 'yes' } as unknown as { create: boolean };
    expect(await founderSocket.timeout(3_000).emitWithAck('join', '#novo_canal-1', notAYes)).toEqual({
      ok: false,
      message: 'channel_not_found',
    });
    expect(await findChannel(h.t.app.db, 'novo_canal-1')).toBeUndefined();
    expect(await h.t.app.io.in(rooms.channel('novo_canal-1')).fetchSockets()).toEqual([]);

    expect(await requestFounding(founderSocket, '#novo_canal-1')).toEqual({ ok: true });
    const otherSocket = await h.connect(other);
    const seen = record(otherSocket, 'users');
    // once it exists, a plain join enters it; asking to create it again changes nothing.
    expect(await requestFounding(otherSocket, '#novo_canal-1')).toEqual({ ok: true });
    const channel = await findChannel(h.t.app.db, 'novo_canal-1');
    expect(channel?.founderId).toBe(founder.id);
    expect(await findLevels(h.t.app.db, channel!.id, [founder.id, other.id])).toEqual(new Map([[founder.id, 100]]));
    expect(seen[0]?.[0]).toEqual(expect.arrayContaining([{ id: founder.id, nickname: founder.username, level: 100 }]));
    expect(founderSocket.connected).toBe(true);
  });

  it('refuses to create a channel named like the music page (/home{name})', async () => {
    const user = await h.member();
    const socket = await h.connect(user);
    expect(await requestFounding(socket, '#homesamba')).toEqual({ ok: false, message: 'invalid_room' });
    expect(await findChannel(h.t.app.db, 'homesamba')).toBeUndefined();
  });

  it('leaves a seeded channel without a founder when someone joins it', async () => {
    const user = await h.member();
    await h.joined(user, '#netflix');
    const channel = await findChannel(h.t.app.db, 'netflix');
    expect({ founder: channel?.founderId, levels: await findLevels(h.t.app.db, channel!.id, [user.id]) }).toEqual({
      founder: null,
      levels: new Map(),
    });
  });

  it('refuses a banned user with banned, and lets them in once the ban has expired', async () => {
    const [op, alice] = [await h.member(), await h.member()];
    const channelId = await h.channel('globo');
    await saveBan(h.t.app.db, {
      channelId,
      userId: alice.id,
      byUserId: op.id,
      byLevel: 5,
      reason: 'spam',
      expiresAt: null,
    });
    const socket = await h.connect(alice);
    expect(await request(socket, 'join', '#globo')).toEqual({ ok: false, message: 'banned' });
    expect(await h.t.app.io.in(rooms.channel('globo')).fetchSockets()).toEqual([]);

    const past = new Date(Date.now() - 1000).toISOString();
    await saveBan(h.t.app.db, {
      channelId,
      userId: alice.id,
      byUserId: op.id,
      byLevel: 5,
      reason: 'spam',
      expiresAt: past,
    });
    expect(await request(socket, 'join', '#globo')).toEqual({ ok: true });
  });
});
