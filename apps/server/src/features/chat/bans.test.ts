import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { request } from '../../realtime/test-support.js';
import { describeEachDialect } from '../../test/db.js';
import type { TestUser } from '../../test/users.js';
import { findActiveBan } from './ban-repo.js';
import { findChannel } from './channel-repo.js';
import { findLevels } from './level-repo.js';
import { startChatHarness, type ChatHarness } from './test-support.js';

/*
 * As an attacker would try it: in a channel founded by bob, master carol, operator dave and the
 * staff act on each other's bans. PEACE governs unban too, and a ban takes every power away.
 */
describeEachDialect('bans under PEACE', (dialect) => {
  let h: ChatHarness;
  let channel = 0;
  const answer = async (user: TestUser, path: string, payload: object, method: 'POST' | 'PUT' = 'POST') => {
    const res = await h.t.app.inject({ method, url: path, headers: user.headers, payload });
    return { status: res.statusCode, message: res.json<{ message: string }>().message };
  };
  const ban = (by: TestUser, name: string, target: TestUser, minutes = 1440) =>
    answer(by, '/api/ban', { channel: `#${name}`, nickname: target.username, duration_minutes: minutes });
  const unban = (by: TestUser, name: string, target: TestUser) =>
    answer(by, '/api/unban', { channel: `#${name}`, nickname: target.username });
  const joins = async (user: TestUser, name: string) => request(await h.connect(user), 'join', `#${name}`);
  const banOf = async (name: string, user: TestUser) =>
    findActiveBan(h.t.app.db, (await findChannel(h.t.app.db, name))!.id, user.id, new Date().toISOString());

  /** A fresh channel founded by bob, with master carol, operator dave, voiced erin and a moderator. */
  async function cast() {
    const name = `peace-${++channel}`;
    const [bob, carol, dave, erin, staff, staff2] = [
      await h.member(),
      await h.member(),
      await h.member(),
      await h.member(),
      await h.member({ staff: true }),
      await h.member({ staff: true }),
    ];
    await h.setLevel(name, bob.id, 100);
    await h.setLevel(name, carol.id, 10);
    await h.setLevel(name, dave.id, 5);
    await h.setLevel(name, erin.id, 3);
    return { name, bob, carol, dave, erin, staff, staff2 };
  }

  beforeAll(async () => {
    h = await startChatHarness(dialect);
  });
  afterEach(() => h.disconnectAll());
  afterAll(() => h.close());

  describe('unban', () => {
    it('never lets the banned operator lift his own ban', async () => {
      const { name, carol, dave } = await cast();
      expect(await ban(carol, name, dave)).toEqual({ status: 200, message: 'user_banned' });
      expect(await joins(dave, name)).toEqual({ ok: false, message: 'banned' });
      expect(await unban(dave, name, dave)).toEqual({ status: 403, message: 'banned' });
      expect(await joins(dave, name)).toEqual({ ok: false, message: 'banned' });
      expect(await banOf(name, dave)).toEqual({ byUserId: carol.id, byLevel: 10 });
    });

    it("keeps the founder's ban on a master from an operator and from another master; the founder lifts it", async () => {
      const { name, bob, carol, dave } = await cast();
      const otherMaster = await h.member();
      await h.setLevel(name, otherMaster.id, 10);
      await ban(bob, name, carol);
      expect(await unban(dave, name, carol)).toEqual({ status: 403, message: 'target_level_too_high' });
      expect(await unban(otherMaster, name, carol)).toEqual({ status: 403, message: 'target_level_too_high' });
      expect(await joins(carol, name)).toEqual({ ok: false, message: 'banned' });
      expect(await unban(bob, name, carol)).toEqual({ status: 200, message: 'user_unbanned' });
      expect(await joins(carol, name)).toEqual({ ok: true });
    });

    it('lifts a ban only by its setter, someone who outranks the rank it was set with, or staff', async () => {
      const { name, bob, carol, dave, erin, staff } = await cast();
      const otherOp = await h.member();
      await h.setLevel(name, otherOp.id, 5);

      await ban(carol, name, erin);
      expect(await unban(dave, name, erin)).toEqual({ status: 403, message: 'ban_level_too_high' });
      expect(await unban(bob, name, erin)).toEqual({ status: 200, message: 'user_unbanned' });

      await ban(dave, name, erin);
      expect(await unban(otherOp, name, erin)).toEqual({ status: 403, message: 'ban_level_too_high' });
      expect(await unban(dave, name, erin)).toEqual({ status: 200, message: 'user_unbanned' });

      await ban(dave, name, erin);
      expect(await unban(carol, name, erin)).toEqual({ status: 200, message: 'user_unbanned' });

      await ban(bob, name, erin);
      expect(await unban(staff, name, erin)).toEqual({ status: 200, message: 'user_unbanned' });
    });

    it("keeps a staff member's permanent ban from the founder; only staff lift it", async () => {
      const { name, bob, dave, staff, staff2 } = await cast();
      expect(await ban(staff, name, dave, 0)).toEqual({ status: 200, message: 'user_banned' });
      expect(await unban(dave, name, dave)).toEqual({ status: 403, message: 'banned' });
      expect(await unban(bob, name, dave)).toEqual({ status: 403, message: 'ban_level_too_high' });
      expect(await joins(dave, name)).toEqual({ ok: false, message: 'banned' });
      expect(await banOf(name, dave)).toEqual({ byUserId: staff.id, byLevel: 1000 });
      expect(await unban(staff2, name, dave)).toEqual({ status: 200, message: 'user_unbanned' });
      expect(await joins(dave, name)).toEqual({ ok: true });
    });

    it('keeps a ban whose setter is gone at the rank it was set with', async () => {
      const { name, bob, carol, dave, erin } = await cast();
      await ban(carol, name, erin, 0);
      await h.t.app.db.deleteFrom('users').where('id', '=', carol.id).execute();
      expect(await unban(dave, name, erin)).toEqual({ status: 403, message: 'ban_level_too_high' });
      expect(await unban(bob, name, erin)).toEqual({ status: 200, message: 'user_unbanned' });
    });
  });

  it('refuses to shorten or replace a ban the actor could not lift', async () => {
    const { name, bob, dave, erin } = await cast();
    await ban(bob, name, erin, 0);
    expect(await ban(dave, name, erin, 1)).toEqual({ status: 403, message: 'ban_level_too_high' });
    const row = await h.t.app.db
      .selectFrom('channel_bans')
      .select(['by_user_id', 'expires_at'])
      .where('user_id', '=', erin.id)
      .executeTakeFirst();
    expect(row).toEqual({ by_user_id: bob.id, expires_at: null });
    expect(await ban(bob, name, erin, 60)).toEqual({ status: 200, message: 'user_banned' });
  });

  it('takes every power from a banned operator, whatever his stored level, until the ban ends', async () => {
    const { name, bob, carol, dave, erin } = await cast();
    const plain = await h.member();
    await h.joined(erin, `#${name}`);
    await ban(carol, name, dave, 0);

    const acts = () =>
      Promise.all([
        answer(dave, '/api/channel-level', { nickname: plain.username, channel_name: `#${name}`, new_level: 3 }),
        answer(dave, '/api/channel-level', { nickname: erin.username, channel_name: `#${name}`, new_level: 0 }),
        answer(dave, '/api/topic', { channel: name, content: 'tomado' }, 'PUT'),
        answer(dave, '/api/kick', { channel: name, nickname: erin.username }),
        answer(dave, '/api/ban', { channel: name, nickname: plain.username }),
        answer(dave, '/api/unban', { channel: name, nickname: erin.username }),
        answer(dave, '/api/unban', { channel: name, nickname: dave.username }),
      ]);
    expect(await acts()).toEqual(Array.from({ length: 7 }, () => ({ status: 403, message: 'banned' })));

    const channelId = (await findChannel(h.t.app.db, name))!.id;
    const levels = await findLevels(h.t.app.db, channelId, [dave.id, plain.id, erin.id]);
    expect(Object.fromEntries(levels)).toEqual({ [dave.id]: 5, [erin.id]: 3 });
    expect((await findChannel(h.t.app.db, name))?.topic).toBeNull();
    expect(await banOf(name, plain)).toBeUndefined();
    const topic = await h.t.app.inject({
      method: 'POST',
      url: '/api/latest-topic',
      headers: dave.headers,
      payload: { channel: name },
    });
    expect(topic.json().data.user_channel_level).toBe(0);

    // the ban, not the level, was the obstacle: lifted, the same acts pass PEACE again.
    expect(await unban(bob, name, dave)).toEqual({ status: 200, message: 'user_unbanned' });
    expect(await answer(dave, '/api/topic', { channel: name, content: 'de volta' }, 'PUT')).toEqual({
      status: 200,
      message: 'topic_updated',
    });
    expect(
      await answer(dave, '/api/channel-level', { nickname: plain.username, channel_name: `#${name}`, new_level: 3 }),
    ).toEqual({
      status: 200,
      message: `Successfully updated channel level for ${plain.username}`,
    });
  });

  it('takes the powers away only in the channel of the ban, and gives them back when it expires', async () => {
    const { name, carol, dave, erin } = await cast();
    const elsewhere = `${name}-b`;
    await h.setLevel(elsewhere, dave.id, 5);
    await ban(carol, name, dave, 5);
    expect(await answer(dave, '/api/topic', { channel: elsewhere, content: 'aqui pode' }, 'PUT')).toEqual({
      status: 200,
      message: 'topic_updated',
    });
    expect(await answer(dave, '/api/topic', { channel: name, content: 'aqui não' }, 'PUT')).toEqual({
      status: 403,
      message: 'banned',
    });

    await h.t.app.db
      .updateTable('channel_bans')
      .set({ expires_at: new Date(Date.now() - 60_000).toISOString() })
      .where('user_id', '=', dave.id)
      .execute();
    expect(await answer(dave, '/api/topic', { channel: name, content: 'aqui já' }, 'PUT')).toEqual({
      status: 200,
      message: 'topic_updated',
    });
    expect(await ban(dave, name, erin)).toEqual({ status: 200, message: 'user_banned' });
  });
});
