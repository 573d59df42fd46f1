import type { ChannelBanList } from '@papo/contract/channel-bans';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { describeEachDialect } from '../../test/db.js';
import { buildUser, type TestUser } from '../../test/users.js';
import { findChannel } from './channel-repo.js';
import { saveLevel } from './level-repo.js';

describeEachDialect('GET /api/channel-bans', (dialect) => {
  let t: TestApp;
  let count = 0;
  beforeAll(async () => {
    t = await buildTestApp({ dialect });
  });
  afterAll(() => t.close());

  const member = (roles = ['ROLE_USER']) => buildUser(t.app, { username: `lista${++count}`, roles });
  const channelId = async (name: string) => {
    await t.app.db
      .insertInto('channels')
      .values({ name })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    return (await findChannel(t.app.db, name))!.id;
  };
  const post = (user: TestUser, url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: user.headers, payload });
  const bans = (user: TestUser, channel: string) =>
    t.app.inject({ url: `/api/channel-bans?channel=${encodeURIComponent(channel)}`, headers: user.headers });

  it('shows an operator who is banned, by whom, why and until when; a lifted or expired ban is gone', async () => {
    const [op, master, alice, bob, carol] = [
      await member(),
      await member(),
      await member(),
      await member(),
      await member(),
    ];
    const id = await channelId('vitrine');
    await saveLevel(t.app.db, id, op.id, 5);
    await saveLevel(t.app.db, id, master.id, 10);
    expect(
      (
        await post(op, '/api/ban', {
          channel: 'vitrine',
          nickname: alice.username,
          reason: 'spam',
          duration_minutes: 60,
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await post(master, '/api/ban', { channel: '#vitrine', nickname: bob.username, duration_minutes: 0 })).statusCode,
    ).toBe(200);
    await t.app.db
      .insertInto('channel_bans')
      .values({
        channel_id: id,
        user_id: carol.id,
        by_user_id: op.id,
        by_level: 5,
        reason: null,
        expires_at: '2020-01-01T00:00:00.000Z',
      })
      .execute();

    const res = await bans(op, '#vitrine');
    expect(res.statusCode).toBe(200);
    const list = res.json<ChannelBanList>();
    expect(list.channel).toBe('#vitrine');
    expect(
      list.bans.map(({ nickname, by, reason, expiresAt }) => ({ nickname, by, reason, forever: expiresAt === null })),
    ).toEqual(
      expect.arrayContaining([
        { nickname: alice.username, by: op.username, reason: 'spam', forever: false },
        { nickname: bob.username, by: master.username, reason: null, forever: true },
      ]),
    );
    expect(list.bans).toHaveLength(2);
    const aliceBan = list.bans.find((ban) => ban.userId === alice.id)!;
    expect(Date.parse(aliceBan.expiresAt!) - Date.parse(aliceBan.createdAt)).toBeGreaterThan(59 * 60_000);

    expect((await post(master, '/api/unban', { channel: 'vitrine', nickname: alice.username })).statusCode).toBe(200);
    expect((await bans(master, 'vitrine')).json<ChannelBanList>().bans.map((ban) => ban.userId)).toEqual([bob.id]);
  });

  it('refuses members below operator, and a banned operator, with not_channel_operator / banned; staff may look', async () => {
    const [voiced, plain, bannedOp, staff, op] = [
      await member(),
      await member(),
      await member(),
      await member(['ROLE_USER', 'ROLE_MODERATOR']),
      await member(),
    ];
    const id = await channelId('fechado');
    await saveLevel(t.app.db, id, voiced.id, 3);
    await saveLevel(t.app.db, id, bannedOp.id, 5);
    await saveLevel(t.app.db, id, op.id, 10);
    expect((await post(op, '/api/ban', { channel: 'fechado', nickname: bannedOp.username })).statusCode).toBe(200);
    for (const user of [voiced, plain]) {
      const res = await bans(user, 'fechado');
      expect({ status: res.statusCode, body: res.json() }).toEqual({
        status: 403,
        body: { status: 'error', message: 'not_channel_operator' },
      });
    }
    expect((await bans(bannedOp, 'fechado')).json()).toEqual({ status: 'error', message: 'banned' });
    expect((await bans(staff, 'fechado')).statusCode).toBe(200);
  });

  it.each([
    ['', 400, 'validation_failed'],
    ['?channel=N%C3%A3o', 400, 'validation_failed'],
    ['?channel=nao-existe', 404, 'channel_not_found'],
  ])('answers %s with %s %s', async (query, status, message) => {
    const res = await t.app.inject({ url: `/api/channel-bans${query}`, headers: (await member()).headers });
    expect({ status: res.statusCode, message: res.json<{ message: string }>().message }).toEqual({ status, message });
  });

  it('asks for a signed-in member', async () => {
    expect((await t.app.inject({ url: '/api/channel-bans?channel=barra' })).statusCode).toBe(401);
  });
});
