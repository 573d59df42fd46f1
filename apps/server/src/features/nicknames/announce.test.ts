import { rooms } from '@papo/contract/socket-events';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { record, request, waitFor } from '../../realtime/test-support.js';
import { describeEachDialect } from '../../test/db.js';
import { startListeningTestApp, type ListeningTestApp } from '../../test/sockets.js';
import { buildUser, type TestUser } from '../../test/users.js';

describeEachDialect('nickname announcements in real time', (dialect) => {
  let t: ListeningTestApp;
  let count = 0;
  const member = (username = `rt${++count}`) => buildUser(t.app, { username });
  const addNickname = async (user: TestUser, nickname: string) =>
    (await t.app.inject({ method: 'POST', url: '/api/nicknames', headers: user.headers, payload: { nickname } })).json()
      .nickname.id as number;
  const select = (user: TestUser, nicknameId: number) =>
    t.app.inject({ method: 'POST', url: '/api/select-nickname', headers: user.headers, payload: { nicknameId } });
  const selectedOf = async (user: TestUser) =>
    (
      await t.app.db
        .selectFrom('nicknames')
        .select('nickname')
        .where('user_id', '=', user.id)
        .where('is_selected', '=', 1)
        .executeTakeFirst()
    )?.nickname;

  beforeAll(async () => {
    t = await startListeningTestApp({ dialect });
  });
  afterEach(() => t.disconnectAll());
  afterAll(() => t.close());

  it('shows a socket under its selected nickname from the moment it connects', async () => {
    const user = await member();
    await select(user, await addNickname(user, 'Sereia'));
    const client = await t.connect(user);
    const lists = record(client, 'users');
    expect(await request(client, 'join', '#barra')).toEqual({ ok: true });
    expect(lists[0]).toEqual([[{ id: user.id, nickname: 'Sereia', level: 0 }], '#barra']);
  });

  it('tells every channel the user is in, once per socket, and renames every tab of the user', async () => {
    const alice = await member('Alice');
    const bob = await member();
    const carol = await member();
    const auroraId = await addNickname(alice, 'Aurora');
    const aliceTab = await t.connect(alice);
    const aliceIdleTab = await t.connect(alice);
    const bobClient = await t.connect(bob);
    const carolClient = await t.connect(carol);
    await request(aliceTab, 'join', '#barra');
    await request(aliceTab, 'join', '#rio');
    await request(bobClient, 'join', '#barra');
    await request(carolClient, 'join', '#sampa');
    const seen = {
      bobChanged: record(bobClient, 'nickname-changed'),
      bobLine: record(bobClient, 'user-changed-nickname'),
      aliceChanged: record(aliceTab, 'nickname-changed'),
      carolChanged: record(carolClient, 'nickname-changed'),
      carolLine: record(carolClient, 'user-changed-nickname'),
    };

    expect((await select(alice, auroraId)).statusCode).toBe(200);
    await waitFor('bob hears of it', () => seen.bobChanged.length === 1 && seen.bobLine.length === 1);
    expect(seen.bobChanged).toEqual([[{ id: alice.id, nickname: 'Aurora' }]]);
    expect(seen.bobLine).toEqual([[{ message: 'nickname_changed', oldNickname: 'Alice', newNickname: 'Aurora' }]]);
    await request(aliceTab, 'join', '#rio');
    await request(carolClient, 'join', '#sampa');
    expect(seen.aliceChanged).toHaveLength(1);
    expect(seen.carolChanged).toEqual([]);
    expect(seen.carolLine).toEqual([]);

    const names = (await t.app.io.in(rooms.user(alice.id)).fetchSockets()).map((s) => s.data.username);
    expect(names).toEqual(['Aurora', 'Aurora']);
    expect(aliceIdleTab.connected).toBe(true);

    const dan = await t.connect(await member());
    const danLists = record(dan, 'users');
    await request(dan, 'join', '#barra');
    expect(danLists[0]?.[0]).toEqual(expect.arrayContaining([{ id: alice.id, nickname: 'Aurora', level: 0 }]));
  });

  it('announces nothing when the nickname was already selected', async () => {
    const user = await member();
    const watcher = await t.connect(await member());
    const client = await t.connect(user);
    await request(client, 'join', '#porto');
    await request(watcher, 'join', '#porto');
    const changed = record(watcher, 'nickname-changed');
    const [own] = (await t.app.inject({ method: 'GET', url: '/api/nicknames', headers: user.headers })).json()
      .nicknames;
    expect((await select(user, own.id)).statusCode).toBe(200);
    await request(watcher, 'join', '#porto');
    expect(changed).toEqual([]);
  });

  it("selects through the client's change-nickname only among the user's own nicknames", async () => {
    const user = await member();
    const other = await member();
    await addNickname(user, `${user.username}_luz`);
    await addNickname(other, `${other.username}_sol`);
    const client = await t.connect(user);
    const watcher = await t.connect(other);
    await request(client, 'join', '#lisboa');
    await request(watcher, 'join', '#lisboa');
    const changed = record(watcher, 'nickname-changed');

    client.emit('change-nickname', { oldNickname: user.username, newNickname: `${other.username}_sol` });
    client.emit('change-nickname', { oldNickname: user.username, newNickname: 42 } as never);
    client.emit('change-nickname', null as never);
    client.emit('change-nickname', { oldNickname: user.username, newNickname: `${user.username.toUpperCase()}_LUZ` });
    await waitFor('the change', () => changed.length === 1);
    expect(changed).toEqual([[{ id: user.id, nickname: `${user.username}_luz` }]]);
    expect(await selectedOf(user)).toBe(`${user.username}_luz`);
    expect(await selectedOf(other)).toBe(other.username);

    // the spec's client emits change-nickname right after selecting over HTTP; that one is already done.
    client.emit('change-nickname', { oldNickname: user.username, newNickname: `${user.username}_luz` });
    await request(client, 'join', '#lisboa');
    await request(watcher, 'join', '#lisboa');
    expect(changed).toHaveLength(1);
    expect(client.connected).toBe(true);
  });

  it('answers a malformed or foreign change-nickname with a clear error key, and a good one with ok', async () => {
    const user = await member();
    const other = await member();
    await addNickname(user, `${user.username}_mar`);
    await addNickname(other, `${other.username}_rio`);
    const client = await t.connect(user);
    const ask = (payload: unknown) => client.timeout(5_000).emitWithAck('change-nickname', payload as never);

    expect(await ask(null)).toEqual({ ok: false, message: 'invalid_nickname' });
    expect(await ask('mar')).toEqual({ ok: false, message: 'invalid_nickname' });
    expect(await ask({ newNickname: 42 })).toEqual({ ok: false, message: 'invalid_nickname' });
    expect(await ask({ newNickname: 'has space' })).toEqual({ ok: false, message: 'invalid_nickname' });
    expect(await ask({ newNickname: 'x'.repeat(31) })).toEqual({ ok: false, message: 'invalid_nickname' });
    expect(await ask({ oldNickname: 7, newNickname: `${user.username}_mar` })).toEqual({
      ok: false,
      message: 'invalid_nickname',
    });
    expect(await ask({ newNickname: `${other.username}_rio` })).toEqual({ ok: false, message: 'nickname_not_found' });
    expect(await selectedOf(user)).toBe(user.username);

    expect(await ask({ oldNickname: user.username, newNickname: `${user.username}_mar` })).toEqual({ ok: true });
    expect(await selectedOf(user)).toBe(`${user.username}_mar`);
  });
});
