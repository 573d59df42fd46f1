import type { FastifyInstance } from 'fastify';
import { randomBytes } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writingUntold } from '../../db/changes.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { hasRedis } from '../../test/cluster.js';
import { describeEachDialect } from '../../test/db.js';
import { heardWrite, startTwoNodes, type TwoNodes } from '../../test/nodes.js';
import { buildUser, type TestUser } from '../../test/users.js';
import { openConversation, seedMessages, sendMessage } from '../conversations/test-support.js';
import { insertNotification } from '../notifications/repo.js';
import { pruneNotifications } from '../notifications/prune.js';

const get = (app: FastifyInstance, user: TestUser, url: string) =>
  app.inject({ method: 'GET', url, headers: user.headers });
const post = (app: FastifyInstance, user: TestUser, url: string, payload?: object) =>
  app.inject({ method: 'POST', url, headers: user.headers, ...(payload ? { payload } : {}) });

const profile = async (app: FastifyInstance, user: TestUser) => (await get(app, user, '/api/userprofile')).json();
const bell = async (app: FastifyInstance, user: TestUser) => (await get(app, user, '/api/notifications')).json();
const favorites = async (app: FastifyInstance, user: TestUser) =>
  (await get(app, user, '/api/favorite-channels')).json();
const conversations = async (app: FastifyInstance, user: TestUser) =>
  (await get(app, user, '/api/conversations')).json();

/** How many times `read` was loaded (not answered from memory) on `app` so far. */
const loads = (app: FastifyInstance, read: 'profile' | 'conversations') =>
  app.caches.stats().get(`member-${read}`)?.misses ?? 0;

/** `read` of `user`'s, and whether it was loaded (true) or answered from memory (false). */
async function loaded(app: FastifyInstance, read: 'profile' | 'conversations', user: TestUser) {
  const before = loads(app, read);
  const body = (await get(app, user, read === 'profile' ? '/api/userprofile' : '/api/conversations')).body;
  return { body, loaded: loads(app, read) > before };
}

/** Conversations `ana`–`bia` and `ana`–`cai`, both last active long ago (so a new message orders its own first). */
async function twoConversations(app: FastifyInstance, ana: TestUser, bia: TestUser, cai: TestUser) {
  const withBia = await openConversation(app, ana, bia);
  const withCai = await openConversation(app, ana, cai);
  // by hand: the schema keeps `created_at` out of updates.
  await sql`update conversations set created_at = ${'2020-01-01T00:00:00.000Z'} where id in (${withBia}, ${withCai})`.execute(
    app.db,
  );
  return { withBia, withCai };
}

describeEachDialect('member reads kept in memory, on one node', (dialect) => {
  let t: TestApp;
  let ana: TestUser;
  let bia: TestUser;
  beforeAll(async () => {
    t = await buildTestApp({ dialect });
    ana = await buildUser(t.app, { username: 'ana_reads' });
    bia = await buildUser(t.app, { username: 'bia_reads' });
  });
  afterAll(() => t.close());

  it('serves the same answer again, and a write behind every writer’s back is not seen (it is served from memory)', async () => {
    const first = await get(t.app, ana, '/api/userprofile');
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    await writingUntold(() =>
      t.app.db.updateTable('users').set({ welcome_message: 'behind its back' }).where('id', '=', ana.id).execute(),
    );
    expect((await get(t.app, ana, '/api/userprofile')).body).toBe(first.body);
  });

  it('a write by any code, with no announcement of its own, is in the next read: the data layer tells it', async () => {
    const dai = await buildUser(t.app, { username: 'dai_reads' });
    await profile(t.app, dai);
    await t.app.db.updateTable('users').set({ youtube: 'dai.tube' }).where('id', '=', dai.id).execute();
    expect(await profile(t.app, dai)).toMatchObject({ youtube: 'dai.tube' });
    await bell(t.app, dai);
    await t.app.db.insertInto('notifications').values({ user_to: dai.id, type: 'mention', message: 'oi' }).execute();
    expect(await bell(t.app, dai)).toMatchObject({ unreadCount: 1 });
  });

  it("a member's profile write forgets that member's reads and no other member's", async () => {
    const [eva, fia] = [
      await buildUser(t.app, { username: 'eva_reads' }),
      await buildUser(t.app, { username: 'fia_reads' }),
    ];
    await Promise.all([profile(t.app, eva), profile(t.app, fia), bell(t.app, fia)]);
    // Changed outside the server: a read that shows it was loaded again.
    await writingUntold(async () => {
      await t.app.db.updateTable('users').set({ instagram: 'untold' }).where('id', 'in', [eva.id, fia.id]).execute();
      await t.app.db.insertInto('notifications').values({ user_to: fia.id, type: 'mention', message: 'x' }).execute();
    });
    expect((await post(t.app, eva, '/api/update-gender', { gender: 'male' })).statusCode).toBe(200);
    expect(await profile(t.app, eva)).toMatchObject({ gender: 'male', instagram: 'untold' });
    expect(await profile(t.app, fia)).toMatchObject({ instagram: null });
    expect(await bell(t.app, fia)).toMatchObject({ unreadCount: 0 });
  });

  it('a profile update is in the next profile read', async () => {
    await profile(t.app, ana);
    expect((await post(t.app, ana, '/api/update-gender', { gender: 'female' })).statusCode).toBe(200);
    expect(await profile(t.app, ana)).toMatchObject({ gender: 'female', welcomeMessage: 'behind its back' });
    expect((await post(t.app, ana, '/api/update-instagram', { instagram: 'ana.insta' })).statusCode).toBe(200);
    expect(await profile(t.app, ana)).toMatchObject({ instagram: 'ana.insta' });
  });

  it('a new notification and marking them read are in the next bell read', async () => {
    expect(await bell(t.app, ana)).toMatchObject({ notifications: [], unreadCount: 0 });
    const note = await insertNotification(t.app.db, { userTo: ana.id, type: 'mention', message: 'olá' });
    expect(await bell(t.app, ana)).toMatchObject({ notifications: [{ id: note.id, isRead: false }], unreadCount: 1 });
    expect((await post(t.app, ana, `/api/notifications/${note.id}/mark-as-read`)).statusCode).toBe(200);
    expect(await bell(t.app, ana)).toMatchObject({ notifications: [{ id: note.id, isRead: true }], unreadCount: 0 });
    await insertNotification(t.app.db, { userTo: ana.id, type: 'mention', message: 'de novo' });
    expect(await bell(t.app, ana)).toMatchObject({ unreadCount: 1 });
    expect((await post(t.app, ana, '/api/notifications/mark-all-read')).statusCode).toBe(200);
    expect(await bell(t.app, ana)).toMatchObject({ unreadCount: 0 });
  });

  it('a large read goes compressed to a client that takes gzip, made again for the next version', async () => {
    const cai = await buildUser(t.app, { username: 'cai_reads' });
    const zipped = async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/notifications',
        headers: { ...cai.headers, 'accept-encoding': 'gzip, deflate' },
      });
      const plain = await get(t.app, cai, '/api/notifications');
      return { res, plain };
    };
    for (let i = 0; i < 20; i += 1)
      await insertNotification(t.app.db, {
        userTo: cai.id,
        type: 'mention',
        message: `ana_reads mencionou você em #barra (${i})`,
      });
    await post(t.app, cai, '/api/notifications/mark-all-read');
    const first = await zipped();
    expect(first.res.headers['content-encoding']).toBe('gzip');
    expect(first.res.headers.vary).toBe('accept-encoding');
    expect(gunzipSync(first.res.rawPayload).toString('utf8')).toBe(first.plain.body);
    expect(first.res.rawPayload.length).toBeLessThan(first.plain.body.length / 2);

    await insertNotification(t.app.db, { userTo: cai.id, type: 'mention', message: 'a mais nova' });
    const next = await zipped();
    const body = JSON.parse(gunzipSync(next.res.rawPayload).toString('utf8'));
    expect(body.unreadCount).toBe(1);
    expect(body.notifications[0]).toMatchObject({ message: 'a mais nova', isRead: false });
    expect(gunzipSync(next.res.rawPayload).toString('utf8')).toBe(next.plain.body);
  });

  it('pruning is in the next bell read of every member', async () => {
    await insertNotification(t.app.db, { userTo: bia.id, type: 'mention', message: 'antiga' });
    expect((await bell(t.app, bia)).notifications).toHaveLength(1);
    await pruneNotifications(t.app.db, Date.now() + 181 * 24 * 60 * 60 * 1000);
    expect(await bell(t.app, bia)).toMatchObject({ notifications: [], unreadCount: 0 });
  });

  it('starring and unstarring a channel are in the next favourites and profile reads', async () => {
    expect(await favorites(t.app, ana)).toEqual({ favorite_channels: [] });
    expect((await profile(t.app, ana)).favoriteChannels).toEqual([]);
    expect((await post(t.app, ana, '/api/favorite-channels', { channel: '#barra' })).statusCode).toBe(200);
    expect(await favorites(t.app, ana)).toEqual({ favorite_channels: ['#barra'] });
    expect((await profile(t.app, ana)).favoriteChannels).toEqual(['#barra']);
    expect(
      (await t.app.inject({ method: 'DELETE', url: '/api/favorite-channels/barra', headers: ana.headers })).statusCode,
    ).toBe(200);
    expect(await favorites(t.app, ana)).toEqual({ favorite_channels: [] });
    expect((await profile(t.app, ana)).favoriteChannels).toEqual([]);
  });

  it('a new conversation, a message and reading it are in both members’ next list and profile reads', async () => {
    expect(await conversations(t.app, bia)).toEqual([]);
    expect((await profile(t.app, bia)).conversations).toEqual([]);
    const id = await openConversation(t.app, ana, bia);
    expect(await conversations(t.app, bia)).toMatchObject([{ id, name: 'ana_reads', unread: 0 }]);
    expect((await profile(t.app, bia)).conversations).toMatchObject([{ id, name: 'ana_reads' }]);
    expect((await profile(t.app, ana)).conversations).toMatchObject([{ id, name: 'bia_reads' }]);

    await seedMessages(t.app, id, ana.id, ['oi']);
    expect(await conversations(t.app, bia)).toMatchObject([{ id, unread: 1 }]);
    expect((await post(t.app, bia, `/api/conversations/${id}`)).statusCode).toBe(200);
    expect(await conversations(t.app, bia)).toMatchObject([{ id, unread: 0 }]);
  });

  it("a private message between two members leaves a third member's kept profile and list; a new conversation reaches both lists", async () => {
    const [gil, hana, ivo, jon] = [
      await buildUser(t.app, { username: 'gil_reads' }),
      await buildUser(t.app, { username: 'hana_reads' }),
      await buildUser(t.app, { username: 'ivo_reads' }),
      await buildUser(t.app, { username: 'jon_reads' }),
    ];
    const { withBia: gilHana, withCai: gilIvo } = await twoConversations(t.app, gil, hana, ivo);
    expect((await conversations(t.app, gil)).map((c: { id: number }) => c.id)).toEqual([gilIvo, gilHana]);
    const ivoKept = { list: await loaded(t.app, 'conversations', ivo), profile: await loaded(t.app, 'profile', ivo) };
    await Promise.all([conversations(t.app, hana), profile(t.app, gil), profile(t.app, hana)]);

    expect((await sendMessage(t.app, gil, gilHana, 'oi, hana')).statusCode).toBe(200);
    expect(await loaded(t.app, 'conversations', ivo)).toEqual({ body: ivoKept.list.body, loaded: false });
    expect(await loaded(t.app, 'profile', ivo)).toEqual({ body: ivoKept.profile.body, loaded: false });
    expect(await conversations(t.app, gil)).toMatchObject([{ id: gilHana, unread: 0 }, { id: gilIvo }]);
    expect(await conversations(t.app, hana)).toMatchObject([{ id: gilHana, unread: 1 }]);
    expect((await profile(t.app, gil)).conversations).toMatchObject([{ id: gilHana }, { id: gilIvo }]);

    // A member with no conversation keeps an empty list until one comes.
    expect(await conversations(t.app, jon)).toEqual([]);
    const gilJon = await openConversation(t.app, gil, jon);
    expect(await conversations(t.app, jon)).toMatchObject([{ id: gilJon, name: 'gil_reads' }]);
    expect((await conversations(t.app, gil)).map((c: { id: number }) => c.id)).toEqual([gilJon, gilHana, gilIvo]);
  });

  it('a nickname added, selected and removed is in the member’s profile and their partners’ lists', async () => {
    const nicknamesOf = async () =>
      (await profile(t.app, ana)).nicknames as { id: number; nickname: string; isSelected: boolean }[];
    expect(await nicknamesOf()).toHaveLength(1);
    for (const nickname of ['aninha', 'anita'])
      expect((await post(t.app, ana, '/api/nicknames', { nickname })).statusCode).toBe(201);
    const [, aninha, anita] = await nicknamesOf();
    expect([aninha?.nickname, anita?.nickname]).toEqual(['aninha', 'anita']);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/nicknames/${anita!.id}`, headers: ana.headers })).statusCode,
    ).toBe(200);
    expect((await nicknamesOf()).map((n) => n.nickname)).toEqual(['ana_reads', 'aninha']);

    expect(await conversations(t.app, bia)).toMatchObject([{ name: 'ana_reads' }]);
    expect((await post(t.app, ana, '/api/select-nickname', { nicknameId: aninha!.id })).statusCode).toBe(200);
    expect(await nicknamesOf()).toContainEqual(expect.objectContaining({ nickname: 'aninha', isSelected: true }));
    expect(await conversations(t.app, bia)).toMatchObject([{ name: 'aninha' }]);
    expect((await profile(t.app, bia)).conversations).toMatchObject([{ name: 'aninha' }]);
  });
});

describe.skipIf(!hasRedis)('member reads across two nodes with Redis', () => {
  // each node has its own connection to the one database, as two processes would: a write on one
  // reaches the other's memory only through Redis.
  let cluster: TwoNodes;
  let nodes: FastifyInstance[];
  let ana: TestUser;
  let bia: TestUser;
  beforeAll(async () => {
    // a bus of their own: other test files' writes (of their own databases' same ids) would forget kept reads.
    const prefix = `member-reads-${process.pid}-${randomBytes(3).toString('hex')}`;
    cluster = await startTwoNodes(process.env.TEST_REDIS_URL!, { REDIS_PREFIX: prefix }, { ownConnections: true });
    nodes = cluster.nodes;
    ana = await buildUser(nodes[0]!, { username: 'ana_nodes' });
    bia = await buildUser(nodes[0]!, { username: 'bia_nodes' });
  });
  afterAll(() => cluster?.close());

  it("a private message through one node is in both members' next list on the other, and leaves a third member's kept", async () => {
    const [a, b] = nodes as [FastifyInstance, FastifyInstance];
    const [gil, hana, ivo] = [
      await buildUser(a, { username: 'gil_nodes' }),
      await buildUser(a, { username: 'hana_nodes' }),
      await buildUser(a, { username: 'ivo_nodes' }),
    ];
    const { withBia: gilHana, withCai: gilIvo } = await twoConversations(a, gil, hana, ivo);
    // node b hears a's writes in the order a told them: once it hears a source nothing reads, it has heard the
    // conversations' (a new conversation forgets every list), so what it keeps from here on is kept.
    const settled = heardWrite(b, 'test_sentinel');
    await a.caches.wrote(['test_sentinel']);
    await settled;
    const ivoKept = { list: await loaded(b, 'conversations', ivo), profile: await loaded(b, 'profile', ivo) };
    expect((await conversations(b, gil)).map((c: { id: number }) => c.id)).toEqual([gilIvo, gilHana]);
    await conversations(b, hana);

    const heard = heardWrite(b, `conversation_messages:${gilHana}`);
    expect((await sendMessage(a, gil, gilHana, 'oi, hana')).statusCode).toBe(200);
    await heard;
    expect(await conversations(b, gil)).toMatchObject([{ id: gilHana }, { id: gilIvo }]);
    expect(await conversations(b, hana)).toMatchObject([{ id: gilHana, unread: 1 }]);
    expect(await loaded(b, 'conversations', ivo)).toEqual({ body: ivoKept.list.body, loaded: false });
    expect(await loaded(b, 'profile', ivo)).toEqual({ body: ivoKept.profile.body, loaded: false });
  });

  it('a write through one node is in the next read on the other, once its invalidation arrives', async () => {
    const [a, b] = nodes as [FastifyInstance, FastifyInstance];
    expect(a.caches.trusted && b.caches.trusted).toBe(true);
    expect(await profile(b, ana)).toMatchObject({ gender: null, favoriteChannels: [] });
    expect(await bell(b, ana)).toMatchObject({ unreadCount: 0 });
    expect(await favorites(b, ana)).toEqual({ favorite_channels: [] });
    expect(await conversations(b, bia)).toEqual([]);

    let heard = heardWrite(b, `users:${ana.id}`);
    expect((await post(a, ana, '/api/update-gender', { gender: 'female' })).statusCode).toBe(200);
    await heard;
    expect(await profile(b, ana)).toMatchObject({ gender: 'female' });

    heard = heardWrite(b, `notifications:${ana.id}`);
    await insertNotification(a.db, { userTo: ana.id, type: 'mention', message: 'olá' });
    await heard;
    expect(await bell(b, ana)).toMatchObject({ unreadCount: 1 });

    heard = heardWrite(b, `favorite_channels:${ana.id}`);
    expect((await post(a, ana, '/api/favorite-channels', { channel: '#rio' })).statusCode).toBe(200);
    await heard;
    expect(await favorites(b, ana)).toEqual({ favorite_channels: ['#rio'] });
    expect((await profile(b, ana)).favoriteChannels).toEqual(['#rio']);

    heard = heardWrite(b, 'conversations');
    const id = await openConversation(a, ana, bia);
    await heard;
    expect(await conversations(b, bia)).toMatchObject([{ id, name: 'ana_nodes' }]);
  });
});
