import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { describeEachDialect } from '../../test/db.js';
import { newMember, openConversation, readPage, sendMessage } from '../conversations/test-support.js';
import type { TestUser } from '../../test/users.js';

describeEachDialect('blocking members', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ dialect });
  });
  afterAll(() => t.close());

  const block = (from: TestUser, user: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/blocks', headers: from.headers, payload: { user } });
  const unblock = (from: TestUser, userId: number | string) =>
    t.app.inject({ method: 'DELETE', url: `/api/blocks/${userId}`, headers: from.headers });
  const blocksOf = async (user: TestUser) =>
    (await t.app.inject({ method: 'GET', url: '/api/blocks', headers: user.headers })).json().blocks as {
      id: number;
    }[];
  const add = (from: TestUser, to: TestUser) =>
    t.app.inject({ method: 'POST', url: '/api/add-conversation', headers: from.headers, payload: { user: to.id } });
  const typing = (from: TestUser, id: number) =>
    t.app.inject({
      method: 'POST',
      url: '/api/typing',
      headers: from.headers,
      payload: { conversation_id: id, is_typing: true },
    });

  it('needs a token', async () => {
    for (const [method, url] of [
      ['GET', '/api/blocks'],
      ['POST', '/api/blocks'],
      ['DELETE', '/api/blocks/1'],
    ] as const) {
      expect((await t.app.inject({ method, url })).statusCode).toBe(401);
    }
  });

  it('blocks once, lists the blocked members newest first, and keeps the block one-sided', async () => {
    const [me, first, second] = [await newMember(t.app), await newMember(t.app), await newMember(t.app)];
    const created = await block(me, first.id);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({ message: 'user_blocked', user: { id: first.id, name: first.username } });
    expect((await block(me, first.id)).statusCode).toBe(200);
    await block(me, second.id);
    const list = (await t.app.inject({ method: 'GET', url: '/api/blocks', headers: me.headers })).json();
    expect(list.blocks.map((b: { id: number }) => b.id)).toEqual([second.id, first.id]);
    expect(list.blocks[0]).toEqual({ id: second.id, name: second.username, blockedAt: expect.any(String) });
    expect(await blocksOf(first)).toEqual([]);
  });

  it('refuses blocking oneself, nobody, or a malformed id', async () => {
    const me = await newMember(t.app);
    expect((await block(me, me.id)).json()).toEqual({ message: 'cannot_block_self' });
    expect((await block(me, 999_999)).statusCode).toBe(404);
    expect((await block(me, 'abc')).json()).toEqual({
      message: 'validation_failed',
      errors: { user: ['invalid_user'] },
    });
    expect((await unblock(me, 'abc')).statusCode).toBe(400);
  });

  it('stops a new conversation in both directions', async () => {
    const [blocker, blocked] = [await newMember(t.app), await newMember(t.app)];
    await block(blocker, blocked.id);
    for (const [from, to] of [
      [blocker, blocked],
      [blocked, blocker],
    ] as const) {
      const res = await add(from, to);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: 'blocked' });
    }
    expect(
      await t.app.db.selectFrom('conversations').select('id').where('user_a', 'in', [blocker.id, blocked.id]).execute(),
    ).toEqual([]);
  });

  it('stops writing and typing in an existing conversation both ways, keeps its history readable, and lifts with the unblock', async () => {
    const [blocker, blocked] = [await newMember(t.app), await newMember(t.app)];
    const id = await openConversation(t.app, blocker, blocked);
    expect((await sendMessage(t.app, blocked, id, 'antes')).statusCode).toBe(200);
    await block(blocker, blocked.id);

    for (const member of [blocker, blocked]) {
      const sent = await sendMessage(t.app, member, id, 'depois');
      expect(sent.statusCode).toBe(403);
      expect(sent.json()).toEqual({ message: 'blocked' });
      expect((await typing(member, id)).json()).toEqual({ message: 'blocked' });
      expect((await readPage(t.app, member, id)).json().messages.map((m: { content: string }) => m.content)).toEqual([
        'antes',
      ]);
    }

    const byBlocked = await unblock(blocked, blocker.id);
    expect(byBlocked.statusCode).toBe(404);
    expect(byBlocked.json()).toEqual({ message: 'block_not_found' });
    expect((await sendMessage(t.app, blocked, id, 'ainda não')).statusCode).toBe(403);

    const lifted = await unblock(blocker, blocked.id);
    expect(lifted.json()).toEqual({ message: 'user_unblocked', id: blocked.id });
    expect(await blocksOf(blocker)).toEqual([]);
    expect((await sendMessage(t.app, blocked, id, 'agora sim')).statusCode).toBe(200);
    expect((await add(blocked, blocker)).json()).toEqual({ conversation_id: id });
  });
});
