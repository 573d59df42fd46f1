import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { describeEachDialect } from '../../test/db.js';
import { buildUser, goodPassword } from '../../test/users.js';

interface Session {
  token: string;
  refresh_token: string;
  roles: string[];
  username: string;
  userId: number;
}

const form = (fields: Record<string, string>) => ({
  payload: new URLSearchParams(fields).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});

describeEachDialect('refresh tokens and logout', (dialect) => {
  let t: TestApp;
  let ip = 0;

  async function signIn(): Promise<Session> {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login_check',
      payload: { username: 'rui', password: goodPassword },
      remoteAddress: `10.0.4.${++ip}`,
    });
    expect(res.statusCode).toBe(200);
    return res.json();
  }
  const refresh = (token: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      ...form({ grant_type: 'refresh_token', refresh_token: token }),
    });
  const withCookie = (url: string, token: string) =>
    t.app.inject({ method: 'POST', url, cookies: { refresh_token: token } });

  beforeAll(async () => {
    t = await buildTestApp({ dialect });
    await buildUser(t.app, { username: 'rui' });
  });
  afterAll(() => t.close());

  it('exchanges a refresh token sent as form data for a new pair, every time', async () => {
    const first = await signIn();
    const res = await refresh(first.refresh_token);
    expect(res.statusCode).toBe(200);
    const second: Session = res.json();
    expect(second).toEqual({
      token: expect.any(String),
      refresh_token: expect.any(String),
      roles: ['ROLE_USER'],
      username: 'rui',
      userId: first.userId,
    });
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect((await t.app.tokens.verifyAccessToken(second.token)).username).toBe('rui');
    const third = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refresh_token: second.refresh_token },
    });
    expect(third.statusCode).toBe(200);
  });

  it('stores only hashes of refresh tokens', async () => {
    const session = await signIn();
    const rows = await t.app.db.selectFrom('refresh_tokens').select('token_hash').execute();
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.token_hash))).toBe(true);
    expect(rows.some((r) => r.token_hash === session.refresh_token)).toBe(false);
  });

  it('revokes the whole family when a spent token is replayed', async () => {
    const first = await signIn();
    const second: Session = (await refresh(first.refresh_token)).json();
    const replay = await refresh(first.refresh_token);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({ message: 'refresh_token_reused' });
    const legit = await refresh(second.refresh_token);
    expect(legit.statusCode).toBe(401);
    expect(legit.json()).toEqual({ message: 'invalid_refresh_token' });
    expect((await refresh((await signIn()).refresh_token)).statusCode).toBe(200);
  });

  it('treats two parallel uses of one token as a replay: one rotation at most, then the family is revoked', async () => {
    const session = await signIn();
    const answers = await Promise.all([refresh(session.refresh_token), refresh(session.refresh_token)]);
    const keys = answers.map((r) => (r.statusCode === 200 ? 'ok' : (r.json().message as string))).sort();
    expect(keys).toEqual(['ok', 'refresh_token_reused']);
    const winner: Session = answers.find((r) => r.statusCode === 200)!.json();
    expect((await refresh(winner.refresh_token)).json()).toEqual({ message: 'invalid_refresh_token' });
  });

  it('answers invalid_refresh_token for an unknown token and past the 30-day family limit', async () => {
    expect((await refresh('not-a-token')).json()).toEqual({ message: 'invalid_refresh_token' });
    const session = await signIn();
    const family = await t.app.db
      .selectFrom('refresh_token_families')
      .select(['id', 'expires_at'])
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .execute();
    const days = (Date.parse(family[0]!.expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
    await t.app.db
      .updateTable('refresh_token_families')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .execute();
    const res = await refresh(session.refresh_token);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'invalid_refresh_token' });
  });

  it('refreshes from the httpOnly cookie and puts the rotated token back in it', async () => {
    const session = await signIn();
    const res = await withCookie('/api/auth/refresh', session.refresh_token);
    expect(res.statusCode).toBe(200);
    const cookie = res.cookies.find((c) => c.name === 'refresh_token');
    expect(cookie).toMatchObject({
      value: res.json().refresh_token,
      httpOnly: true,
      path: '/api/auth',
      sameSite: 'Strict',
      maxAge: 30 * 86_400,
    });
    const replay = await withCookie('/api/auth/refresh', session.refresh_token);
    expect(replay.json()).toEqual({ message: 'refresh_token_reused' });
    expect(replay.cookies.find((c) => c.name === 'refresh_token')?.value).toBe('');
  });

  it('logout revokes the family (body or cookie), clears the cookie and answers 200 even without a token', async () => {
    const a = await signIn();
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      payload: { refresh_token: a.refresh_token },
    });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ message: 'logged_out' });
    expect(out.cookies.find((c) => c.name === 'refresh_token')).toMatchObject({ value: '', path: '/api/auth' });
    expect((await refresh(a.refresh_token)).json()).toEqual({ message: 'invalid_refresh_token' });

    const b = await signIn();
    const b2: Session = (await refresh(b.refresh_token)).json();
    expect((await withCookie('/api/auth/logout', b.refresh_token)).statusCode).toBe(200);
    expect((await refresh(b2.refresh_token)).json()).toEqual({ message: 'invalid_refresh_token' });

    const bare = await t.app.inject({ method: 'POST', url: '/api/auth/logout' });
    expect(bare.statusCode).toBe(200);
    const formLogout = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      ...form({ refresh_token: 'unknown' }),
    });
    expect(formLogout.statusCode).toBe(200);
  });

  it('answers 401 without a token and 400 for a bad grant type or an oversized token', async () => {
    const none = await t.app.inject({ method: 'POST', url: '/api/auth/refresh' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ message: 'invalid_refresh_token' });
    const grant = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      ...form({ grant_type: 'password', refresh_token: 'x' }),
    });
    expect(grant.statusCode).toBe(400);
    expect(grant.json()).toEqual({ message: 'validation_failed', errors: { grant_type: ['unsupported_grant_type'] } });
    const long = await refresh('x'.repeat(513));
    expect(long.json()).toEqual({ message: 'validation_failed', errors: { refresh_token: ['too_long'] } });
    const typed = await t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refresh_token: 12 } });
    expect(typed.statusCode).toBe(400);
    const logout = await t.app.inject({ method: 'POST', url: '/api/auth/logout', payload: { refresh_token: ['x'] } });
    expect(logout.statusCode).toBe(400);
  });
});
