import { randomUUID } from 'node:crypto';
import type { LoginResponse } from '@papo/contract/auth';
import { SignJWT, decodeJwt } from 'jose';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from '../../test/db.js';
import { startListeningTestApp, type ListeningTestApp } from '../../test/sockets.js';
import { buildUser, goodPassword } from '../../test/users.js';
import { bearer, randomAddress, signIn, watchSignOut } from '../account/test-support.js';

const secret = 'session-tokens-test-secret-of-forty-characters-or-more';

/** A token the server's own key signed, with every claim a token needs but `sid`: what was issued before 037. */
function tokenWithoutSignIn(member: { id: number; username: string }): Promise<string> {
  const now = Date.now();
  return new SignJWT({ username: member.username, roles: ['ROLE_USER'], iat_ms: now })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(member.id))
    .setIssuedAt(Math.floor(now / 1000))
    .setExpirationTime(Math.floor(now / 1000) + 15 * 60)
    .sign(new TextEncoder().encode(secret));
}

describeEachDialect('every access token names its sign-in', (dialect) => {
  let t: ListeningTestApp;
  beforeAll(async () => {
    t = await startListeningTestApp({ dialect, env: { JWT_SECRET: secret } });
  });
  afterAll(() => t?.close());

  const sessionsOf = (token: string) =>
    t.app.inject({ method: 'GET', url: '/api/account/sessions', headers: bearer(token) });

  /** The sign-in a token names, and whether it is a live family of the member. */
  async function signInOf(token: string, userId: number) {
    const { sessionId } = await t.app.tokens.verifyAccessToken(token);
    const family = await t.app.db
      .selectFrom('refresh_token_families')
      .select(['user_id', 'revoked_at'])
      .where('id', '=', sessionId)
      .executeTakeFirst();
    expect(family).toEqual({ user_id: userId, revoked_at: null });
    return sessionId;
  }

  it('a sign-in, a refresh and a password change each answer a token of a live sign-in of the member', async () => {
    const member = await buildUser(t.app, { username: `nomeia${dialect}` });
    const login = await signIn(t.app, member.username);
    const sessionId = await signInOf(login.token, member.id);

    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refresh_token: login.refresh_token },
    });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    expect(await signInOf(refreshed.json<LoginResponse>().token, member.id)).toBe(sessionId);

    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/account/password',
      headers: bearer(refreshed.json<LoginResponse>().token),
      payload: { currentPassword: goodPassword, newPassword: 'Outra-senha-bem-longa-37' },
      remoteAddress: randomAddress(),
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await signInOf(changed.json<{ token: string }>().token, member.id)).toBe(sessionId);
  });

  it('a well-signed token without a sign-in is refused by the API and by the socket handshake', async () => {
    const member = await buildUser(t.app, { username: `semsid${dialect}` });
    const token = await tokenWithoutSignIn(member);
    const res = await sessionsOf(token);
    expect([res.statusCode, res.json()]).toEqual([401, expect.objectContaining({ message: 'Invalid JWT Token' })]);
    const refused = await t.connect({ token }).then(
      () => undefined,
      (error: Error & { data?: unknown }) => error.data,
    );
    expect(refused).toEqual({ message: 'Invalid JWT Token' });
  });

  it("a token whose sign-in was deleted, never existed or is another member's is refused by the API and the socket handshake", async () => {
    const member = await buildUser(t.app, { username: `semlinha${dialect}` });
    const other = await buildUser(t.app, { username: `outro${dialect}` });
    // The sign-in's row goes (its refresh tokens with it) before its access token was ever presented.
    const deleted = await signIn(t.app, member.username);
    // read without verifying: a verified token's sign-in would be remembered as live for a while.
    const { sid } = decodeJwt(deleted.token);
    await t.app.db.deleteFrom('refresh_token_families').where('id', '=', String(sid)).execute();
    const sign = (id: string) =>
      t.app.tokens.signAccessToken({
        userId: member.id,
        username: member.username,
        roles: ['ROLE_USER'],
        sessionId: id,
      });
    const tokens = [deleted.token, await sign(randomUUID()), await sign(other.sessionId)];
    for (const token of tokens) {
      const res = await sessionsOf(token);
      expect([res.statusCode, res.json()]).toEqual([401, { message: 'Expired JWT Token' }]);
      const refused = await t.connect({ token }).then(
        () => undefined,
        (error: Error & { data?: unknown }) => error.data,
      );
      expect(refused).toEqual({ message: 'Expired JWT Token' });
    }
    // The member's and the other member's own sign-ins go on.
    expect((await sessionsOf(member.token)).statusCode).toBe(200);
    expect((await sessionsOf(other.token)).statusCode).toBe(200);
  });

  it("a logout and a sign-out of the other devices end every access token of the sign-ins they end, and no other's", async () => {
    const member = await buildUser(t.app, { username: `fim${dialect}` });
    const [phone, laptop, tablet] = [
      await signIn(t.app, member.username),
      await signIn(t.app, member.username),
      await signIn(t.app, member.username),
    ];
    // A second access token of the phone's sign-in, as a refresh answers, besides the one the sign-in answered.
    const phoneAgain = (
      await t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refresh_token: phone.refresh_token } })
    ).json<LoginResponse>();
    const phoneSocket = await t.connect(phone);
    const watch = watchSignOut(phoneSocket);

    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      payload: { refresh_token: phoneAgain.refresh_token },
    });
    expect(out.statusCode).toBe(200);
    await watch.closed;
    for (const token of [phone.token, phoneAgain.token]) expect((await sessionsOf(token)).statusCode).toBe(401);
    expect((await sessionsOf(laptop.token)).statusCode).toBe(200);

    const others = await t.app.inject({
      method: 'DELETE',
      url: '/api/account/sessions',
      headers: bearer(laptop.token),
    });
    expect(others.statusCode).toBe(204);
    expect((await sessionsOf(tablet.token)).statusCode).toBe(401);
    expect((await sessionsOf(laptop.token)).statusCode).toBe(200);
  });
});
