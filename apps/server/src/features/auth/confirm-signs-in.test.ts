import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { describeEachDialect } from '../../test/db.js';
import { codeIn, latestMailTo } from '../../test/mail.js';
import { goodPassword } from '../../test/users.js';

describeEachDialect('confirmCode signs in the browser that signed up', (dialect) => {
  let t: TestApp;
  let ip = 0;
  const post = (url: string, payload: object, cookies: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload, cookies, remoteAddress: `10.0.3.${++ip}` });

  /** Signs up through the API: the signup ticket cookie this browser got, and the mailed code. */
  async function register(username: string): Promise<{ ticket: string; code: string }> {
    const email = `${username}@example.com`;
    const res = await post('/api/signup', {
      name: 'Bia',
      email,
      username,
      password: goodPassword,
      acceptedTerms: true,
    });
    expect(res.statusCode).toBe(201);
    const cookie = res.cookies.find((one) => one.name === 'signup_ticket');
    expect(cookie).toMatchObject({ path: '/api/confirmCode', httpOnly: true, sameSite: 'Strict' });
    return { ticket: cookie?.value ?? '', code: codeIn(await latestMailTo(t.dataDir, email)) };
  }

  beforeAll(async () => {
    t = await buildTestApp({ dialect });
  });
  afterAll(() => t.close());

  it('answers a login session to the browser holding its signup ticket: the token reads /api/me, the ticket is spent', async () => {
    const { ticket, code } = await register('confirm_in');
    const res = await post('/api/confirmCode', { username: 'confirm_in', code }, { signup_ticket: ticket });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ message: 'account_verified', session: { username: 'confirm_in' } });
    expect(res.cookies.find((one) => one.name === 'signup_ticket')?.value).toBe('');
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { authorization: `Bearer ${body.session.token}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ username: 'confirm_in' });
    const refreshed = await post('/api/auth/refresh', { refresh_token: body.session.refresh_token });
    expect(refreshed.statusCode).toBe(200);
  });

  it('a code confirmed on another device (no ticket) verifies the account and signs nobody in', async () => {
    const { code } = await register('confirm_else');
    const res = await post('/api/confirmCode', { username: 'confirm_else', code });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'account_verified' });
    const login = await post('/api/login_check', { username: 'confirm_else', password: goodPassword });
    expect(login.statusCode).toBe(200);
  });

  it('a ticket of another account, or a forged one, signs nobody in', async () => {
    const mine = await register('confirm_mine');
    const other = await register('confirm_other');
    const foreign = await post(
      '/api/confirmCode',
      { username: 'confirm_other', code: other.code },
      {
        signup_ticket: mine.ticket,
      },
    );
    expect(foreign.json()).toEqual({ message: 'account_verified' });
    const forged = await post(
      '/api/confirmCode',
      { username: 'confirm_mine', code: mine.code },
      {
        signup_ticket: `${mine.ticket.slice(0, -2)}xx`,
      },
    );
    expect(forged.json()).toEqual({ message: 'account_verified' });
  });

  it('a ticket with a wrong code is still a 400 and signs nobody in', async () => {
    const { ticket, code } = await register('confirm_bad');
    const res = await post(
      '/api/confirmCode',
      { username: 'confirm_bad', code: code === 'AAAA' ? 'BBBB' : 'AAAA' },
      {
        signup_ticket: ticket,
      },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'invalid_code' });
  });
});
