import { SignJWT } from 'jose';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/app.js';
import { describeEachDialect } from '../test/db.js';
import { currentUser, requireStaff } from './guard.js';
import { buildUser, insertSignIn } from '../test/users.js';

describeEachDialect('the auth guard and GET /api/me', (dialect) => {
  let t: TestApp;
  let memberId: number;
  let moderatorId: number;
  const get = (url: string, authorization?: string) =>
    t.app.inject({ method: 'GET', url, headers: authorization ? { authorization } : {} });
  const bearer = async (userId: number, username: string, roles: string[], now?: number) =>
    `Bearer ${await t.app.tokens.signAccessToken({ userId, username, roles, sessionId: await insertSignIn(t.app.db, userId) }, now)}`;

  beforeAll(async () => {
    t = await buildTestApp({ dialect });
    memberId = (await buildUser(t.app, { username: 'Membro', email: 'membro@example.com', language: 'fr' })).id;
    moderatorId = (await buildUser(t.app, { username: 'mod', roles: ['ROLE_USER', 'ROLE_MODERATOR'] })).id;
    t.app.get('/api/test/staff', { preHandler: requireStaff }, async (request) => ({
      who: currentUser(request).username,
    }));
  });
  afterAll(() => t.close());

  it('answers the signed-in account on /api/me', async () => {
    const res = await get('/api/me', await bearer(memberId, 'Membro', ['ROLE_USER']));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: memberId,
      username: 'Membro',
      name: 'Name of Membro',
      email: 'membro@example.com',
      roles: ['ROLE_USER'],
      language: 'fr',
    });
    const lower = await get('/api/me', (await bearer(memberId, 'Membro', ['ROLE_USER'])).replace('Bearer', 'bearer'));
    expect(lower.statusCode).toBe(200);
  });

  it('answers 401 "JWT Token not found" without a bearer token', async () => {
    for (const header of [undefined, 'Basic dXNlcjpwYXNz', 'Bearer ', 'Bearer']) {
      const res = await get('/api/me', header);
      expect(res.statusCode, String(header)).toBe(401);
      expect(res.json()).toEqual({ message: 'JWT Token not found' });
    }
  });

  it('answers 401 "Invalid JWT Token" for a token that is malformed, forged or signed with another secret', async () => {
    const forged = await new SignJWT({ username: 'Membro', roles: ['ROLE_ADMIN'] })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(memberId))
      .setIssuedAt()
      .setExpirationTime('15m')
      .sign(new TextEncoder().encode('a-different-secret-that-is-long-enough-123'));
    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(`{"sub":"${memberId}","username":"Membro"}`).toString('base64url')}.`;
    for (const token of ['abc', 'a.b.c', forged, none]) {
      const res = await get('/api/me', `Bearer ${token}`);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Invalid JWT Token' });
    }
  });

  it('answers 401 "Expired JWT Token" after 15 minutes', async () => {
    const sixteenMinutesAgo = Math.floor(Date.now() / 1000) - 16 * 60;
    const res = await get('/api/me', await bearer(memberId, 'Membro', ['ROLE_USER'], sixteenMinutesAgo));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Expired JWT Token' });
  });

  it('answers 401 "Expired JWT Token" for a valid token of a deleted account, whose sign-ins went with it', async () => {
    const goneId = (await buildUser(t.app, { username: 'gone' })).id;
    const token = await bearer(goneId, 'gone', ['ROLE_USER']);
    await t.app.db.deleteFrom('users').where('id', '=', goneId).execute();
    const res = await get('/api/me', token);
    expect([res.statusCode, res.json()]).toEqual([401, { message: 'Expired JWT Token' }]);
  });

  it('lets staff through requireStaff and answers 403 forbidden to other members', async () => {
    const member = await get('/api/test/staff', await bearer(memberId, 'Membro', ['ROLE_USER']));
    expect(member.statusCode).toBe(403);
    expect(member.json()).toEqual({ message: 'forbidden' });
    const moderator = await get('/api/test/staff', await bearer(moderatorId, 'mod', ['ROLE_USER', 'ROLE_MODERATOR']));
    expect(moderator.json()).toEqual({ who: 'mod' });
    const admin = await get('/api/test/staff', await bearer(memberId, 'boss', ['ROLE_ADMIN']));
    expect(admin.statusCode).toBe(200);
    expect((await get('/api/test/staff')).json()).toEqual({ message: 'JWT Token not found' });
  });
});
