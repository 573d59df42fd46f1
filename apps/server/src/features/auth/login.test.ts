import { decodeJwt } from 'jose';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { describeEachDialect } from '../../test/db.js';
import { buildUser, goodPassword } from '../../test/users.js';

describeEachDialect('POST /api/login_check', (dialect) => {
  let t: TestApp;
  let ip = 0;
  const login = (username: unknown, password: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/api/login_check',
      payload: { username, password },
      remoteAddress: `10.0.3.${++ip}`,
    });

  beforeAll(async () => {
    t = await buildTestApp({ dialect });
    await buildUser(t.app, { username: 'Maria', email: 'Maria@Example.com', roles: ['ROLE_USER', 'ROLE_MODERATOR'] });
    await buildUser(t.app, { username: 'pending', verified: false });
    await buildUser(t.app, { username: 'google_only', passwordHash: null });
    await buildUser(t.app, { username: 'lock_me' });
    await buildUser(t.app, { username: 'reset_count' });
  });
  afterAll(() => t.close());

  it('answers a 15-minute JWT with username and roles, a refresh token, roles, username and userId', async () => {
    const res = await login('maria', goodPassword);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      token: expect.any(String),
      refresh_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      roles: ['ROLE_USER', 'ROLE_MODERATOR'],
      username: 'Maria',
      userId: expect.any(Number),
    });
    const claims = decodeJwt(body.token);
    expect(claims).toMatchObject({
      username: 'Maria',
      roles: ['ROLE_USER', 'ROLE_MODERATOR'],
      sub: String(body.userId),
    });
    expect(claims.exp! - claims.iat!).toBe(15 * 60);
    expect(await t.app.tokens.verifyAccessToken(body.token)).toMatchObject({
      userId: body.userId,
      username: 'Maria',
      roles: body.roles,
    });
    // the refresh token is the client's to keep (§9): the only cookie is the browser's device tags (new-device.ts).
    expect(res.cookies.map((cookie) => cookie.name)).toEqual(['papo_devices']);
  });

  it('accepts the e-mail instead of the username, in any case', async () => {
    const res = await login('MARIA@example.COM', goodPassword);
    expect(res.statusCode).toBe(200);
    expect(res.json().username).toBe('Maria');
  });

  it('answers the same 401 invalid_credentials for an unknown user, a wrong password and a Google-only account', async () => {
    for (const [username, password] of [
      ['nobody', goodPassword],
      ['maria', `${goodPassword}!`],
      ['google_only', goodPassword],
    ]) {
      const res = await login(username, password);
      expect(res.statusCode, username).toBe(401);
      expect(res.json()).toEqual({ message: 'invalid_credentials' });
    }
  });

  it('answers 403 account_not_verified for the right password of an unverified account, 401 for a wrong one', async () => {
    expect((await login('pending', goodPassword)).json()).toEqual({ message: 'account_not_verified' });
    expect((await login('pending', 'wrong-password-1')).json()).toEqual({ message: 'invalid_credentials' });
  });

  it('locks an account for 15 minutes at the 10th failure within 15 minutes, even against the right password', async () => {
    for (let i = 1; i < 10; i++) expect((await login('lock_me', `wrong-password-${i}`)).statusCode).toBe(401);
    const tenth = await login('lock_me', 'wrong-password-10');
    expect(tenth.statusCode).toBe(423);
    expect(tenth.json()).toEqual({ message: 'account_locked' });
    const right = await login('lock_me', goodPassword);
    expect(right.statusCode).toBe(423);
    expect(right.json()).toEqual({ message: 'account_locked' });

    const user = await t.app.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'lock_me')
      .executeTakeFirstOrThrow();
    const lock = await t.app.db
      .selectFrom('account_lockouts')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(Date.parse(lock.locked_until) - Date.now()).toBeGreaterThan(14 * 60_000);
    await t.app.db
      .updateTable('account_lockouts')
      .set({ locked_until: new Date(Date.now() - 1000).toISOString() })
      .execute();
    expect((await login('lock_me', goodPassword)).statusCode).toBe(200);
  });

  it('counts only failures within the last 15 minutes, and a success clears them', async () => {
    const user = await t.app.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'reset_count')
      .executeTakeFirstOrThrow();
    for (let i = 0; i < 9; i++) await login('reset_count', 'wrong-password-x');
    await t.app.db
      .updateTable('login_failures')
      .set({ failed_at: new Date(Date.now() - 16 * 60_000).toISOString() })
      .where('user_id', '=', user.id)
      .execute();
    expect((await login('reset_count', 'wrong-password-y')).statusCode).toBe(401);
    for (let i = 0; i < 8; i++) await login('reset_count', 'wrong-password-z');
    expect((await login('reset_count', goodPassword)).statusCode).toBe(200);
    for (let i = 0; i < 9; i++) expect((await login('reset_count', 'wrong-password-w')).statusCode).toBe(401);
  });

  it.each([
    [{}, { username: ['username_required'], password: ['password_required'] }],
    [{ username: '', password: 'x' }, { username: ['username_required'] }],
    [{ username: 5, password: 'x' }, { username: ['username_required'] }],
    [{ username: 'u'.repeat(255), password: 'x' }, { username: ['too_long'] }],
    [{ username: 'maria', password: '' }, { password: ['password_required'] }],
    [{ username: 'maria', password: ['x'] }, { password: ['password_required'] }],
    [{ username: 'maria', password: 'p'.repeat(129) }, { password: ['password_too_long'] }],
  ])('answers 400 for %j', async (payload, errors) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login_check',
      payload,
      remoteAddress: `10.0.3.${++ip}`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'validation_failed', errors });
  });
});
