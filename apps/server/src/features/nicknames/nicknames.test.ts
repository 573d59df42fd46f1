import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { describeEachDialect } from '../../test/db.js';
import { findTakenKeys } from '../users/repo.js';
import { buildUser, type TestUser } from '../../test/users.js';
import { findSelectedNickname, hasNickname } from './repo.js';

describeEachDialect('nicknames', (dialect) => {
  let t: TestApp;
  let count = 0;
  const member = () => buildUser(t.app, { username: `nick${++count}` });
  const list = async (user: TestUser) =>
    (await t.app.inject({ method: 'GET', url: '/api/nicknames', headers: user.headers })).json().nicknames as {
      id: number;
      nickname: string;
      isSelected: boolean;
      is_selected: boolean;
    }[];
  const add = (user: TestUser, nickname: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/nicknames', headers: user.headers, payload: { nickname } });
  const addOk = async (user: TestUser, nickname: string) => {
    const res = await add(user, nickname);
    expect(res.statusCode).toBe(201);
    return res.json().nickname.id as number;
  };
  const remove = (user: TestUser, id: number | string) =>
    t.app.inject({ method: 'DELETE', url: `/api/nicknames/${id}`, headers: user.headers });
  const select = (user: TestUser, nicknameId: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/select-nickname', headers: user.headers, payload: { nicknameId } });

  beforeAll(async () => {
    t = await buildTestApp({ dialect });
  });
  afterAll(() => t.close());

  it.each([
    ['GET', '/api/nicknames'],
    ['POST', '/api/nicknames'],
    ['DELETE', '/api/nicknames/1'],
    ['POST', '/api/select-nickname'],
  ] as const)('answers 401 to %s %s without a token', async (method, url) => {
    const res = await t.app.inject({
      method,
      url,
      payload: method === 'POST' ? { nickname: 'x1', nicknameId: 1 } : undefined,
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'JWT Token not found' });
  });

  it('gives a new account its username as its selected nickname, which is not "a nickname of its own"', async () => {
    const user = await buildUser(t.app, { username: 'Marina' });
    expect(await list(user)).toEqual([
      { id: expect.any(Number), nickname: 'Marina', is_selected: true, isSelected: true },
    ]);
    expect(await findSelectedNickname(t.app.db, user.id)).toBe('Marina');
    expect(await hasNickname(t.app.db, user.id)).toBe(false);
    expect(await findTakenKeys(t.app.db, 'MARINA', 'other@example.com')).toEqual({ username: true, email: false });
  });

  describe('POST /api/nicknames', () => {
    it('registers a nickname, unselected, and then the user has a nickname of their own', async () => {
      const user = await member();
      const res = await add(user, '  Lua_Cheia-2 ');
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({
        message: 'nickname_added',
        nickname: { id: expect.any(Number), nickname: 'Lua_Cheia-2', is_selected: false, isSelected: false },
      });
      expect((await list(user)).map((n) => [n.nickname, n.isSelected])).toEqual([
        [user.username, true],
        ['Lua_Cheia-2', false],
      ]);
      expect(await hasNickname(t.app.db, user.id)).toBe(true);
      expect(await findTakenKeys(t.app.db, 'lua_cheia-2', 'x@example.com')).toEqual({ username: true, email: false });
    });

    it.each([
      [undefined, 'nickname_required'],
      ['   ', 'nickname_required'],
      [42, 'invalid_type'],
      ['a', 'invalid_nickname'],
      ['a'.repeat(31), 'invalid_nickname'],
      ['com espaço', 'invalid_nickname'],
      ['joão', 'invalid_nickname'],
      ['<b>x</b>', 'invalid_nickname'],
    ])('refuses %j with %s', async (nickname, key) => {
      const user = await member();
      const res = await add(user, nickname);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'validation_failed', errors: { nickname: [key] } });
      expect(await list(user)).toHaveLength(1);
    });

    it("refuses anyone's nickname or username in any case with 409 nickname_taken", async () => {
      const owner = await buildUser(t.app, { username: 'Pedro' });
      await addOk(owner, 'Estrela');
      const other = await member();
      for (const taken of ['estrela', 'ESTRELA', 'pedro', other.username.toUpperCase()]) {
        const res = await add(other, taken);
        expect(res.statusCode, taken).toBe(409);
        expect(res.json()).toEqual({ message: 'nickname_taken', errors: { nickname: ['nickname_taken'] } });
      }
      expect(await list(other)).toHaveLength(1);
    });

    it('allows five nicknames in all and refuses the sixth with nickname_limit', async () => {
      const user = await member();
      for (const n of [1, 2, 3, 4]) await addOk(user, `${user.username}_alt${n}`);
      const res = await add(user, `${user.username}_alt5`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'nickname_limit' });
      expect(await list(user)).toHaveLength(5);
    });

    it('keeps the limit when several adds race', async () => {
      const user = await member();
      await addOk(user, `${user.username}_r0`);
      const answers = await Promise.all([1, 2, 3, 4, 5].map((n) => add(user, `${user.username}_r${n}`)));
      expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(3);
      expect(answers.filter((r) => r.statusCode === 400).map((r) => r.json().message)).toEqual([
        'nickname_limit',
        'nickname_limit',
      ]);
      expect(await list(user)).toHaveLength(5);
    });
  });

  describe('DELETE /api/nicknames/{id}', () => {
    it("drops one of the user's own nicknames, which anyone may then register", async () => {
      const user = await member();
      const id = await addOk(user, 'Passageiro');
      const res = await remove(user, id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: 'nickname_removed', id });
      expect((await list(user)).map((n) => n.nickname)).toEqual([user.username]);
      expect(await hasNickname(t.app.db, user.id)).toBe(false);
      await addOk(await member(), 'passageiro');
    });

    it('refuses the selected nickname and the username', async () => {
      const user = await member();
      const [usernameNick] = await list(user);
      expect((await remove(user, usernameNick!.id)).json()).toEqual({ message: 'cannot_remove_selected' });
      const id = await addOk(user, `${user.username}_b`);
      expect((await select(user, id)).statusCode).toBe(200);
      const res = await remove(user, id);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'cannot_remove_selected' });
      const username = await remove(user, usernameNick!.id);
      expect(username.statusCode).toBe(400);
      expect(username.json()).toEqual({ message: 'cannot_remove_username' });
      expect(await list(user)).toHaveLength(2);
    });

    it("answers 404 for someone else's nickname and for an unknown id, removing nothing", async () => {
      const owner = await member();
      const id = await addOk(owner, `${owner.username}_x`);
      const intruder = await member();
      for (const target of [id, 999_999]) {
        const res = await remove(intruder, target);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ message: 'nickname_not_found' });
      }
      expect(await list(owner)).toHaveLength(2);
    });

    it.each(['abc', '0', '-1', '1.5', '2147483648'])('answers 400 invalid_id for the id %s', async (id) => {
      const res = await remove(await member(), id);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'validation_failed', errors: { id: ['invalid_id'] } });
    });
  });

  describe('POST /api/select-nickname', () => {
    it("selects one of the user's own nicknames, leaving exactly one selected", async () => {
      const user = await member();
      const id = await addOk(user, `${user.username}_s`);
      const res = await select(user, id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        message: 'nickname_selected',
        nickname: { id, nickname: `${user.username}_s`, is_selected: true, isSelected: true },
      });
      expect((await list(user)).map((n) => [n.nickname, n.isSelected, n.is_selected])).toEqual([
        [user.username, false, false],
        [`${user.username}_s`, true, true],
      ]);
      expect(await findSelectedNickname(t.app.db, user.id)).toBe(`${user.username}_s`);
      // Selecting it again changes nothing and still succeeds; a nickname id as text is read too.
      expect((await select(user, String(id))).statusCode).toBe(200);
      expect((await list(user)).filter((n) => n.isSelected)).toHaveLength(1);
    });

    it("refuses someone else's nickname and an unknown id with 404 nickname_not_found", async () => {
      const owner = await member();
      const id = await addOk(owner, `${owner.username}_y`);
      const intruder = await member();
      for (const target of [id, 999_999]) {
        const res = await select(intruder, target);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ message: 'nickname_not_found' });
      }
      expect(await findSelectedNickname(t.app.db, owner.id)).toBe(owner.username);
      expect(await findSelectedNickname(t.app.db, intruder.id)).toBe(intruder.username);
    });

    it.each([
      [undefined, 'nickname_id_required'],
      ['x', 'invalid_id'],
      [0, 'invalid_id'],
      [-3, 'invalid_id'],
      [1.5, 'invalid_id'],
      [2 ** 31, 'invalid_id'],
      [null, 'invalid_id'],
      [[1], 'invalid_id'],
    ])('refuses the nicknameId %j with %s', async (nicknameId, key) => {
      const res = await select(await member(), nicknameId);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'validation_failed', errors: { nicknameId: [key] } });
    });
  });

  it("frees an account's nicknames when the account is deleted", async () => {
    const user = await member();
    await addOk(user, 'Efemero');
    await t.app.db.deleteFrom('users').where('id', '=', user.id).execute();
    await addOk(await member(), 'efemero');
  });
});
