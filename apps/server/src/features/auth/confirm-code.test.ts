import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { describeEachDialect } from '../../test/db.js';
import { codeIn, latestMailTo, outboxMails } from '../../test/mail.js';
import { buildUser, goodPassword } from '../../test/users.js';

describeEachDialect('confirmCode and resend-code', (dialect) => {
  let t: TestApp;
  let ip = 0;
  const post = (url: string, payload: unknown) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, remoteAddress: `10.0.2.${++ip}` });
  const confirm = (username: string, code: string) => post('/api/confirmCode', { username, code });

  /** Signs up through the API and answers the mailed code. */
  async function register(username: string): Promise<string> {
    const email = `${username}@example.com`;
    const res = await post('/api/signup', {
      name: 'Bia',
      email,
      username,
      password: goodPassword,
      acceptedTerms: true,
    });
    expect(res.statusCode).toBe(201);
    return codeIn(await latestMailTo(t.dataDir, email));
  }

  /** A code other than the right one, from the same alphabet. */
  const wrong = (code: string) => (code === 'AAAA' ? 'BBBB' : 'AAAA');

  beforeAll(async () => {
    t = await buildTestApp({ dialect });
  });
  afterAll(() => t.close());

  it('verifies the account with the mailed code (any case), once; the account can then log in', async () => {
    const code = await register('confirm_ok');
    const res = await confirm('CONFIRM_OK', code.toLowerCase());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'account_verified' });
    const again = await confirm('confirm_ok', code);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: 'invalid_code' });
    const login = await post('/api/login_check', { username: 'confirm_ok', password: goodPassword });
    expect(login.statusCode).toBe(200);
  });

  it('answers invalid_code for a wrong code and for an unknown user', async () => {
    const code = await register('confirm_wrong');
    expect((await confirm('confirm_wrong', wrong(code))).json()).toEqual({ message: 'invalid_code' });
    expect((await confirm('nobody_here', code)).json()).toEqual({ message: 'invalid_code' });
    expect((await confirm('confirm_wrong', code)).statusCode).toBe(200);
  });

  it('allows 5 wrong tries, then answers code_attempts_exceeded even for the right code until a new one is sent', async () => {
    const code = await register('confirm_tries');
    for (let i = 0; i < 5; i++) {
      const res = await confirm('confirm_tries', wrong(code));
      expect(res.json(), `try ${i + 1}`).toEqual({ message: 'invalid_code' });
    }
    const sixth = await confirm('confirm_tries', code);
    expect(sixth.statusCode).toBe(400);
    expect(sixth.json()).toEqual({ message: 'code_attempts_exceeded' });

    expect((await post('/api/resend-code', { username: 'confirm_tries' })).json()).toEqual({ message: 'code_sent' });
    const fresh = await waitForNewCode('confirm_tries@example.com', 2);
    expect((await confirm('confirm_tries', code === fresh ? wrong(fresh) : code)).json()).toEqual({
      message: 'invalid_code',
    });
    expect((await confirm('confirm_tries', fresh)).json()).toEqual({ message: 'account_verified' });
  });

  it('counts parallel guesses against the same 5 tries', async () => {
    const code = await register('confirm_race');
    const answers = await Promise.all(Array.from({ length: 8 }, () => confirm('confirm_race', wrong(code))));
    const keys = answers.map((r) => r.json().message as string);
    expect(keys.filter((k) => k === 'invalid_code')).toHaveLength(5);
    expect(keys.filter((k) => k === 'code_attempts_exceeded')).toHaveLength(3);
  });

  it('answers code_expired after 15 minutes', async () => {
    const code = await register('confirm_late');
    const user = await t.app.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'confirm_late')
      .executeTakeFirstOrThrow();
    const row = await t.app.db
      .selectFrom('verification_codes')
      .select('expires_at')
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(Date.parse(row.expires_at) - Date.now()).toBeGreaterThan(14 * 60_000);
    expect(Date.parse(row.expires_at) - Date.now()).toBeLessThanOrEqual(15 * 60_000);
    await t.app.db
      .updateTable('verification_codes')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', user.id)
      .execute();
    const res = await confirm('confirm_late', code);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'code_expired' });
  });

  async function waitForNewCode(email: string, count: number): Promise<string> {
    return codeIn(await latestMailTo(t.dataDir, email, count));
  }

  it('resend-code sends a fresh code that replaces the old one', async () => {
    const first = await register('confirm_resend');
    await post('/api/resend-code', { username: 'confirm_resend' });
    const second = await waitForNewCode('confirm_resend@example.com', 2);
    if (second !== first) expect((await confirm('confirm_resend', first)).json()).toEqual({ message: 'invalid_code' });
    expect((await confirm('confirm_resend', second)).json()).toEqual({ message: 'account_verified' });
  });

  it('resend-code answers the same for unknown, verified and unverified accounts and mails only the unverified one', async () => {
    await buildUser(t.app, { username: 'already_ok' });
    await buildUser(t.app, { username: 'not_yet', verified: false });
    const answers = await Promise.all(
      ['ghost_user', 'already_ok', 'not_yet'].map((username) => post('/api/resend-code', { username })),
    );
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: 'code_sent' });
    }
    const mail = await latestMailTo(t.dataDir, 'not_yet@example.com');
    expect((await confirm('not_yet', codeIn(mail))).statusCode).toBe(200);
    const recipients = (await outboxMails(t.dataDir)).map((m) => m.to);
    expect(recipients.some((to) => to.includes('already_ok') || to.includes('ghost_user'))).toBe(false);
  });

  it.each([
    [{ code: 'ABCD' }, { username: ['username_required'] }],
    [{ username: 'x y', code: 'ABCD' }, { username: ['invalid_username'] }],
    [{ username: 'someone' }, { code: ['code_required'] }],
    [{ username: 'someone', code: 1234 }, { code: ['code_required'] }],
    [{ username: 'someone', code: 'ABCDE' }, { code: ['invalid_code'] }],
    [{ username: 'someone', code: 'x'.repeat(5000) }, { code: ['invalid_code'] }],
  ])('confirmCode answers 400 for %j', async (payload, errors) => {
    const res = await post('/api/confirmCode', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'validation_failed', errors });
  });

  it('resend-code answers 400 for a missing, wrong-typed or invalid username', async () => {
    for (const [payload, key] of [
      [{}, 'username_required'],
      [{ username: ['a'] }, 'username_required'],
      [{ username: 'u'.repeat(200) }, 'invalid_username'],
    ] as const) {
      const res = await post('/api/resend-code', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'validation_failed', errors: { username: [key] } });
    }
  });
});
