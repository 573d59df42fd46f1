import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { hasRedis } from '../../test/cluster.js';
import { writingUntold } from '../../db/changes.js';
import { describeEachDialect } from '../../test/db.js';
import { heardWrite, startTwoNodes, type TwoNodes } from '../../test/nodes.js';
import { buildUser, type TestUser } from '../../test/users.js';
import { saveBan } from './ban-repo.js';
import { findChannel } from './channel-repo.js';
import { saveLevel } from './level-repo.js';
import { requestFounding, startChatHarness, type ChatHarness } from './test-support.js';

const latest = async (app: FastifyInstance, user: TestUser, channel: string) =>
  (await app.inject({ method: 'POST', url: '/api/latest-topic', headers: user.headers, payload: { channel } })).json()
    .data as {
    topic: string | null;
    nickname: string;
    has_nickname: boolean;
    user_channel_level: number;
    topic_by: string | null;
  };

describeEachDialect('latest-topic kept in memory, on one node', (dialect) => {
  let h: ChatHarness;
  const call = (user: TestUser, url: string, payload: object, method: 'POST' | 'PUT' = 'POST') =>
    h.t.app.inject({ method, url, headers: user.headers, payload });
  beforeAll(async () => {
    h = await startChatHarness(dialect);
  });
  afterEach(() => {
    vi.useRealTimers();
    h.disconnectAll();
  });
  afterAll(() => h.close());

  it('serves the same answer again: a topic written outside the server is not seen, one written by any code is', async () => {
    const reader = await h.member();
    const id = await h.channel('cache-behind');
    const first = await latest(h.t.app, reader, 'cache-behind');
    const setTopic = (topic: string) =>
      h.t.app.db.updateTable('channels').set({ topic }).where('id', '=', id).execute();
    await writingUntold(() => setTopic('às escondidas'));
    expect(await latest(h.t.app, reader, 'cache-behind')).toEqual(first);
    await setTopic('à vista');
    expect(await latest(h.t.app, reader, 'cache-behind')).toMatchObject({ topic: 'à vista' });
  });

  it('a topic set is in the next read of every member', async () => {
    const [op, reader] = [await h.member(), await h.member()];
    await h.setLevel('cache-topic', op.id, 5);
    expect(await latest(h.t.app, reader, 'cache-topic')).toMatchObject({ topic: null, topic_by: null });
    expect((await call(op, '/api/topic', { channel: 'cache-topic', content: 'Novo tópico' }, 'PUT')).statusCode).toBe(
      200,
    );
    expect(await latest(h.t.app, reader, 'cache-topic')).toMatchObject({ topic: 'Novo tópico', topic_by: op.username });
    expect((await call(op, '/api/topic', { channel: 'cache-topic', content: '' }, 'PUT')).statusCode).toBe(200);
    expect((await latest(h.t.app, reader, 'cache-topic')).topic).toBeNull();
  });

  it('a level given or taken, by ChanServ or the repository, is in the member’s next read', async () => {
    const [master, member] = [await h.member(), await h.member()];
    await h.setLevel('cache-level', master.id, 10);
    expect((await latest(h.t.app, member, 'cache-level')).user_channel_level).toBe(0);
    const op = await call(master, '/api/channel-level', {
      channel_name: 'cache-level',
      nickname: member.username,
      new_level: 5,
    });
    expect(op.statusCode).toBe(200);
    expect((await latest(h.t.app, member, 'cache-level')).user_channel_level).toBe(5);
    await saveLevel(h.t.app.db, await h.channel('cache-level'), member.id, 3);
    expect((await latest(h.t.app, member, 'cache-level')).user_channel_level).toBe(3);
    expect(
      (
        await call(master, '/api/channel-level', {
          channel_name: 'cache-level',
          nickname: member.username,
          new_level: 0,
        })
      ).statusCode,
    ).toBe(200);
    expect((await latest(h.t.app, member, 'cache-level')).user_channel_level).toBe(0);
  });

  it("a level or a ban in one channel leaves another member's kept standing", async () => {
    const [inSampa, inRio, op] = [await h.member(), await h.member(), await h.member()];
    await h.setLevel('cache-sampa', inSampa.id, 5);
    await h.setLevel('cache-rio', inRio.id, 5);
    const standingLoads = () => h.t.app.caches.stats().get('topic-standing')?.misses ?? 0;
    expect((await latest(h.t.app, inSampa, 'cache-sampa')).user_channel_level).toBe(5);
    expect((await latest(h.t.app, inRio, 'cache-rio')).user_channel_level).toBe(5);

    const rio = await h.channel('cache-rio');
    await saveLevel(h.t.app.db, rio, inRio.id, 10);
    await saveBan(h.t.app.db, {
      channelId: rio,
      userId: inRio.id,
      byUserId: op.id,
      byLevel: 10,
      reason: null,
      expiresAt: null,
    });
    const before = standingLoads();
    expect((await latest(h.t.app, inSampa, 'cache-sampa')).user_channel_level).toBe(5);
    expect(standingLoads()).toBe(before);
    expect((await latest(h.t.app, inRio, 'cache-rio')).user_channel_level).toBe(0);
    expect(standingLoads()).toBe(before + 1);
  });

  it('a ban and its lifting are in the next read, and a ban that runs out ends without a write', async () => {
    const [master, member] = [await h.member(), await h.member()];
    await h.setLevel('cache-ban', master.id, 10);
    await h.setLevel('cache-ban', member.id, 5);
    expect((await latest(h.t.app, member, 'cache-ban')).user_channel_level).toBe(5);
    expect(
      (await call(master, '/api/ban', { channel: '#cache-ban', nickname: member.username, duration_minutes: 60 }))
        .statusCode,
    ).toBe(200);
    expect((await latest(h.t.app, member, 'cache-ban')).user_channel_level).toBe(0);
    expect((await call(master, '/api/unban', { channel: '#cache-ban', nickname: member.username })).statusCode).toBe(
      200,
    );
    expect((await latest(h.t.app, member, 'cache-ban')).user_channel_level).toBe(5);

    const channelId = await h.channel('cache-ban');
    // minutes, not hours: the member's access token (15 minutes) must still hold when the clock moves past the end.
    const ends = new Date(Date.now() + 5 * 60_000);
    await saveBan(h.t.app.db, {
      channelId,
      userId: member.id,
      byUserId: master.id,
      byLevel: 10,
      reason: null,
      expiresAt: ends.toISOString(),
    });
    expect((await latest(h.t.app, member, 'cache-ban')).user_channel_level).toBe(0);
    vi.useFakeTimers({ toFake: ['Date'], now: ends.getTime() + 1000 });
    expect((await latest(h.t.app, member, 'cache-ban')).user_channel_level).toBe(5);
  });

  it('a nickname added and selected is in the next read (the profile’s kept read)', async () => {
    const member = await h.member();
    expect(await latest(h.t.app, member, 'barra')).toMatchObject({ nickname: member.username, has_nickname: false });
    const added = await call(member, '/api/nicknames', { nickname: 'Gaivota' });
    expect(await latest(h.t.app, member, 'barra')).toMatchObject({ nickname: member.username, has_nickname: true });
    await call(member, '/api/select-nickname', { nicknameId: added.json().nickname.id });
    expect(await latest(h.t.app, member, 'barra')).toMatchObject({ nickname: 'Gaivota', has_nickname: true });
  });

  it('a channel founded after a read of it answers its founder at level 100', async () => {
    const founder = await h.member();
    expect(await latest(h.t.app, founder, 'cache-founded')).toMatchObject({ topic: null, user_channel_level: 0 });
    const client = await h.connect(founder);
    expect((await requestFounding(client, '#cache-founded')).ok).toBe(true);
    expect(await findChannel(h.t.app.db, 'cache-founded')).toBeDefined();
    expect((await latest(h.t.app, founder, 'cache-founded')).user_channel_level).toBe(100);
  });
});

describe.skipIf(!hasRedis)('latest-topic across two nodes with Redis', () => {
  // each node has its own connection to the one database, as two processes would: a write on one
  // reaches the other's memory only through Redis.
  let cluster: TwoNodes;
  let nodes: FastifyInstance[];
  beforeAll(async () => {
    cluster = await startTwoNodes(process.env.TEST_REDIS_URL!, {}, { ownConnections: true });
    nodes = cluster.nodes;
  });
  afterAll(() => cluster?.close());

  it('a topic, a level and a ban written through one node are in the next read on the other, once its invalidation arrives', async () => {
    const [a, b] = nodes as [FastifyInstance, FastifyInstance];
    expect(a.caches.trusted && b.caches.trusted).toBe(true);
    const [op, member] = [
      await buildUser(a, { username: 'op_topic_nodes' }),
      await buildUser(a, { username: 'member_topic_nodes' }),
    ];
    const channelId = (await findChannel(a.db, 'rio'))!.id;
    let heard = heardWrite(b, `channel_levels:${op.id}`);
    await saveLevel(a.db, channelId, op.id, 10);
    await heard;
    expect(await latest(b, member, 'rio')).toMatchObject({ topic: null, user_channel_level: 0 });

    heard = heardWrite(b, 'channels');
    const put = await a.inject({
      method: 'PUT',
      url: '/api/topic',
      headers: op.headers,
      payload: { channel: 'rio', content: 'Tópico do nó A' },
    });
    expect(put.statusCode).toBe(200);
    await heard;
    expect(await latest(b, member, 'rio')).toMatchObject({ topic: 'Tópico do nó A', topic_by: 'op_topic_nodes' });

    heard = heardWrite(b, `channel_levels:${member.id}`);
    const level = await a.inject({
      method: 'POST',
      url: '/api/channel-level',
      headers: op.headers,
      payload: { channel_name: 'rio', nickname: member.username, new_level: 5 },
    });
    expect(level.statusCode).toBe(200);
    await heard;
    expect((await latest(b, member, 'rio')).user_channel_level).toBe(5);

    heard = heardWrite(b, `channel_bans:${member.id}`);
    const ban = await a.inject({
      method: 'POST',
      url: '/api/ban',
      headers: op.headers,
      payload: { channel: '#rio', nickname: member.username, duration_minutes: 60 },
    });
    expect(ban.statusCode).toBe(200);
    await heard;
    expect((await latest(b, member, 'rio')).user_channel_level).toBe(0);
  });
});
