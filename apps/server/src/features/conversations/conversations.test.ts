import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { describeEachDialect } from '../../test/db.js';
import type { TestUser } from '../../test/users.js';
import { listConversations, newMember, openConversation, readPage, seedMessages, sendMessage } from './test-support.js';

const isoTime = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

describeEachDialect('private conversations over HTTP', (dialect) => {
  let t: TestApp;
  let ana: TestUser;
  let bia: TestUser;
  let outsider: TestUser;
  let shared: number;
  const add = (from: TestUser, payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/add-conversation', headers: from.headers, payload: payload as object });

  beforeAll(async () => {
    t = await buildTestApp({ dialect });
    [ana, bia, outsider] = [
      await newMember(t.app, 'ana'),
      await newMember(t.app, 'bia'),
      await newMember(t.app, 'out'),
    ];
    shared = await openConversation(t.app, ana, bia);
  });
  afterAll(() => t.close());

  it.each([
    ['POST', '/api/add-conversation'],
    ['GET', '/api/conversations'],
    ['POST', '/api/conversations/1'],
    ['POST', '/api/conversations/private/messages'],
    ['POST', '/api/typing'],
  ] as const)('refuses %s %s without a token', async (method, url) => {
    const res = await t.app.inject({ method, url, payload: method === 'POST' ? {} : undefined });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'JWT Token not found' });
  });

  it('reuses the pair’s conversation from either side, also under concurrent requests', async () => {
    expect(await openConversation(t.app, ana, bia)).toBe(shared);
    expect(await openConversation(t.app, bia, ana)).toBe(shared);
    const [cai, duda] = [await newMember(t.app), await newMember(t.app)];
    const ids = await Promise.all(
      [0, 1, 2, 3, 4].map((i) => openConversation(t.app, i % 2 ? cai : duda, i % 2 ? duda : cai)),
    );
    expect(new Set(ids).size).toBe(1);
    const rows = await t.app.db.selectFrom('conversations').select('id').where('id', '=', ids[0]!).execute();
    expect(rows).toHaveLength(1);
  });

  it('rings the other member’s bell once when the conversation is new, naming who opened it', async () => {
    const [cai, duda] = [await newMember(t.app, 'cai'), await newMember(t.app, 'duda')];
    const bell = async (as: TestUser) =>
      (await t.app.inject({ method: 'GET', url: '/api/notifications', headers: as.headers })).json() as {
        notifications: { type: string; message: string }[];
      };
    await openConversation(t.app, cai, duda);
    await openConversation(t.app, cai, duda);
    await openConversation(t.app, duda, cai);
    expect((await bell(duda)).notifications).toEqual([
      expect.objectContaining({ type: 'conversation_opened', message: cai.username }),
    ]);
    expect((await bell(cai)).notifications).toEqual([]);
  });

  it('takes the other user’s id as a number or as decimal text', async () => {
    const other = await newMember(t.app);
    const res = await add(ana, { user: String(other.id) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ conversation_id: expect.any(Number) });
  });

  it('refuses a conversation with oneself and with nobody', async () => {
    expect((await add(ana, { user: ana.id })).json()).toEqual({ message: 'cannot_message_self' });
    expect((await add(ana, { user: ana.id })).statusCode).toBe(400);
    const missing = await add(ana, { user: 999_999 });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'user_not_found' });
  });

  it('opens the conversation with a member named by any of their nicknames or their username, in no shared channel', async () => {
    const other = await newMember(t.app);
    await t.app.db
      .insertInto('nicknames')
      .values({ user_id: other.id, nickname: 'Saturno', nickname_lower: 'saturno' })
      .execute();
    const byNickname = await add(ana, { nickname: 'SATURNO' });
    expect(byNickname.statusCode).toBe(200);
    expect((await add(ana, { nickname: other.username })).json()).toEqual(byNickname.json());
    const nobody = await add(ana, { nickname: 'ninguem_aqui' });
    expect(nobody.statusCode).toBe(404);
    expect(nobody.json()).toEqual({ message: 'user_not_found' });
    expect((await add(ana, { nickname: 'a b' })).json()).toEqual({
      message: 'validation_failed',
      errors: { nickname: ['invalid_nickname'] },
    });
  });

  it.each([
    [{}, 'user_required'],
    [{ user: '' }, 'user_required'],
    [{ user: 'abc' }, 'invalid_user'],
    [{ user: 1.5 }, 'invalid_user'],
    [{ user: true }, 'invalid_user'],
    [{ user: -3 }, 'invalid_user'],
    [{ user: 2_147_483_648 }, 'invalid_user'],
  ])('answers %j with 400 %s', async (payload, key) => {
    const res = await add(ana, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'validation_failed', errors: { user: [key] } });
  });

  it('stores a trimmed message and shows it to both members with their names', async () => {
    const res = await sendMessage(t.app, ana, shared, '  Olá, Bia!  ');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: expect.any(Number), timestamp: isoTime });
    const { id, timestamp } = res.json();
    for (const member of [ana, bia]) {
      const page = await readPage(t.app, member, shared);
      expect(page.statusCode).toBe(200);
      expect(page.json().users).toEqual([
        { id: ana.id, name: ana.username },
        { id: bia.id, name: bia.username },
      ]);
      expect(page.json().messages.at(-1)).toEqual({
        id,
        content: 'Olá, Bia!',
        senderId: ana.id,
        senderName: ana.username,
        timestamp,
      });
    }
  });

  it.each([
    ['', 'content_required'],
    ['   \n\t ', 'content_required'],
    ['x'.repeat(2001), 'too_long'],
    [42, 'invalid_type'],
    [undefined, 'content_required'],
  ])('refuses content %j with %s and stores nothing', async (content, key) => {
    const before = await t.app.db.selectFrom('conversation_messages').select('id').execute();
    const res = await sendMessage(t.app, ana, shared, content);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'validation_failed', errors: { content: [key] } });
    expect(await t.app.db.selectFrom('conversation_messages').select('id').execute()).toHaveLength(before.length);
  });

  it('accepts exactly 2,000 characters, counted after trimming', async () => {
    const res = await sendMessage(t.app, bia, shared, ` ${'y'.repeat(2000)} `);
    expect(res.statusCode).toBe(200);
  });

  it('keeps everyone else out of every conversation call, existing or not', async () => {
    for (const id of [shared, 999_999]) {
      const answers = [
        await readPage(t.app, outsider, id),
        await sendMessage(t.app, outsider, id, 'intrusão'),
        await t.app.inject({
          method: 'POST',
          url: '/api/typing',
          headers: outsider.headers,
          payload: { conversation_id: id, is_typing: true },
        }),
        await listConversations(t.app, outsider, `?selectedConversationId=${id}`),
      ];
      for (const res of answers) {
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ message: 'not_a_member' });
      }
    }
    const stored = await t.app.db
      .selectFrom('conversation_messages')
      .select('id')
      .where('content', '=', 'intrusão')
      .execute();
    expect(stored).toEqual([]);
  });

  it('answers malformed ids with 400', async () => {
    expect((await readPage(t.app, ana, 'abc')).json()).toEqual({
      message: 'validation_failed',
      errors: { id: ['invalid_conversation_id'] },
    });
    expect((await readPage(t.app, ana, shared, '?before=x')).statusCode).toBe(400);
    expect((await readPage(t.app, ana, shared, '?before=2&after=1')).json()).toEqual({
      message: 'validation_failed',
      errors: { before: ['before_or_after'] },
    });
    expect((await listConversations(t.app, ana, '?selectedConversationId=abc')).statusCode).toBe(400);
  });
});

describeEachDialect('private conversation pages, lists and unread counts', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ dialect });
  });
  afterAll(() => t.close());

  const contentsOf = (res: { json(): { messages: { content: string }[] } }) =>
    res.json().messages.map((m) => m.content);
  const numbered = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `m${from + i}`);

  it('pages the newest 50 in order, then older ones with before, then newer ones with after', async () => {
    const [ana, bia] = [await newMember(t.app), await newMember(t.app)];
    const id = await openConversation(t.app, ana, bia);
    const ids = await seedMessages(t.app, id, ana.id, numbered(1, 120));

    const newest = await readPage(t.app, bia, id);
    expect(contentsOf(newest)).toEqual(numbered(71, 120));
    expect(newest.json().hasMore).toBe(true);

    const older = await readPage(t.app, bia, id, `?before=${ids[70]}`);
    expect(contentsOf(older)).toEqual(numbered(21, 70));
    expect(older.json().hasMore).toBe(true);
    const oldest = await readPage(t.app, bia, id, `?before=${ids[20]}`);
    expect(contentsOf(oldest)).toEqual(numbered(1, 20));
    expect(oldest.json().hasMore).toBe(false);

    const missed = await readPage(t.app, bia, id, `?after=${ids[9]}`);
    expect(contentsOf(missed)).toEqual(numbered(11, 60));
    expect(missed.json().hasMore).toBe(true);
    const rest = await readPage(t.app, bia, id, `?after=${ids[99]}`);
    expect(contentsOf(rest)).toEqual(numbered(101, 120));
    expect(rest.json().hasMore).toBe(false);
    expect(contentsOf(await readPage(t.app, bia, id, `?after=${ids[119]}`))).toEqual([]);
  });

  it('lists conversations by latest activity with unread counts of the other member’s messages', async () => {
    const [me, older, newer, silent] = [
      await newMember(t.app),
      await newMember(t.app),
      await newMember(t.app),
      await newMember(t.app),
    ];
    const withOlder = await openConversation(t.app, older, me);
    const withNewer = await openConversation(t.app, me, newer);
    const withSilent = await openConversation(t.app, me, silent);
    // opened well before any message, so an empty conversation never ties with one written in the same millisecond.
    await sql`update conversations set created_at = '2020-01-01T00:00:00.000Z' where id in (${sql.join([withOlder, withNewer, withSilent])})`.execute(
      t.app.db,
    );
    await seedMessages(t.app, withNewer, newer.id, ['oi']);
    await seedMessages(t.app, withOlder, older.id, ['a', 'b']);
    await seedMessages(t.app, withOlder, me.id, ['mine']);
    await seedMessages(t.app, withNewer, newer.id, ['de novo', 'e de novo']);

    const list = await listConversations(t.app, me);
    expect(list.statusCode).toBe(200);
    const rows = list.json() as {
      id: number;
      name: string;
      user: { id: number; name: string };
      lastMessageAt: string | null;
      unread: number;
    }[];
    expect(rows.map((row) => row.id)).toEqual([withNewer, withOlder, withSilent]);
    expect(rows[0]).toEqual({
      id: withNewer,
      name: newer.username,
      user: { id: newer.id, name: newer.username },
      lastMessageAt: isoTime,
      unread: 3,
    });
    expect(rows[1]!.unread).toBe(2);
    expect(rows[2]).toMatchObject({ lastMessageAt: null, unread: 0 });

    const selected = await listConversations(t.app, me, `?selectedConversationId=${withOlder}`);
    expect(selected.json().map((row: { unread: number }) => row.unread)).toEqual([3, 0, 0]);
    await readPage(t.app, me, withNewer);
    expect(
      (await listConversations(t.app, me, '?selectedConversationId='))
        .json()
        .map((row: { unread: number }) => row.unread),
    ).toEqual([0, 0, 0]);
    expect((await listConversations(t.app, older)).json()[0]).toMatchObject({ id: withOlder, unread: 1 });
  });

  it('shows the conversations on the profile, named after the other member’s selected nickname', async () => {
    const [me, other] = [await newMember(t.app), await newMember(t.app)];
    const id = await openConversation(t.app, me, other);
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/nicknames',
      headers: other.headers,
      payload: { nickname: `Nick${other.id}` },
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/select-nickname',
      headers: other.headers,
      payload: { nicknameId: added.json().nickname.id },
    });

    const profile = await t.app.inject({ method: 'GET', url: '/api/userprofile', headers: me.headers });
    expect(profile.json().conversations).toEqual([
      { id, name: `Nick${other.id}`, user: { id: other.id, name: `Nick${other.id}` } },
    ]);
    expect((await listConversations(t.app, me)).json()[0].name).toBe(`Nick${other.id}`);
  });

  it('limits how fast one member writes', async () => {
    const [ana, bia] = [await newMember(t.app), await newMember(t.app)];
    const id = await openConversation(t.app, ana, bia);
    const statuses: number[] = [];
    for (let i = 0; i < 20; i += 1) statuses.push((await sendMessage(t.app, ana, id, `flood ${i}`)).statusCode);
    expect(statuses).toEqual(Array(20).fill(200));
    const refused = await sendMessage(t.app, ana, id, 'one too many');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: 'too_many_requests' });
    expect((await sendMessage(t.app, bia, id, 'eu ainda posso')).statusCode).toBe(200);
  });
});
