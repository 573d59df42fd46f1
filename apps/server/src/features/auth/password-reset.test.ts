import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { describeEachDialect } from '../../test/db.js';
import { latestMailTo, outboxMailsTo } from '../../test/mail.js';
import { buildAccount, goodPassword } from '../../test/users.js';

const newPassword = 'Outra-senha-bem-longa-7';

describeEachDialect('forgot and reset password', (dialect) => {
  let t: TestApp;
  let ip = 0;
  const post = (url: string, payload: unknown) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, remoteAddress: `10.0.6.${++ip}` });
  const login = (username: string, password: string) => post('/api/login_check', { username, password });

  /** Asks for a link and answers the token from the mailed URL. */
  async function requestToken(email: string, count = 1): Promise<string> {
    const res = await post('/api/forgot-password', { email });
    expect(res.json()).toEqual({ message: 'reset_link_sent' });
    const mail = await latestMailTo(t.dataDir, email, count);
    const link = /https:\/\/papo\.example\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail.text);
    expect(link, mail.text).not.toBeNull();
    return link![1]!;
  }

  beforeAll(async () => {
    t = await buildTestApp({ dialect, env: { PUBLIC_URL: 'https://papo.example' } });
    await buildAccount(t.app, { username: 'lia', email: 'lia@example.com', language: 'es' });
    await buildAccount(t.app, { username: 'twice', email: 'twice@example.com' });
    await buildAccount(t.app, { username: 'late', email: 'late@example.com' });
    await buildAccount(t.app, { username: 'unconfirmed', email: 'unconfirmed@example.com', verified: false });
    await buildAccount(t.app, { username: 'witness', email: 'witness@example.com' });
  });
  afterAll(() => t.close());

  it('answers the same for an unknown e-mail and mails nothing', async () => {
    const res = await post('/api/forgot-password', { email: 'nobody@example.com' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'reset_link_sent' });
    // a link for a member asked for after it must arrive, and once the mailer has no delivery in flight,
    // a mail to nobody would have landed before it.
    await post('/api/forgot-password', { email: 'witness@example.com' });
    await t.app.mailer.idle();
    expect(await outboxMailsTo(t.dataDir, 'witness@example.com')).toHaveLength(1);
    expect(await outboxMailsTo(t.dataDir, 'nobody@example.com')).toEqual([]);
  });

  it('mails a 30-minute link in the member’s language; the new password works, the old does not, sessions end', async () => {
    const session = (await login('lia', goodPassword)).json();
    const token = await requestToken('LIA@example.com');
    const mail = await latestMailTo(t.dataDir, 'lia@example.com');
    expect(mail.subject).toBe('Restablecer tu contraseña de Papo');
    expect(mail.html).toContain(`href="https://papo.example/reset-password?token=${token}"`);
    const stored = await t.app.db
      .selectFrom('password_reset_tokens')
      .selectAll()
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(stored.token_hash).not.toBe(token);
    expect(Date.parse(stored.expires_at) - Date.now()).toBeGreaterThan(29 * 60_000);
    expect(Date.parse(stored.expires_at) - Date.now()).toBeLessThanOrEqual(30 * 60_000);

    const res = await post('/api/reset-password', { token, password: newPassword });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'password_reset' });
    expect((await login('lia', goodPassword)).statusCode).toBe(401);
    expect((await login('lia', newPassword)).statusCode).toBe(200);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refresh_token: session.refresh_token },
    });
    expect(refresh.json()).toEqual({ message: 'invalid_refresh_token' });

    const reuse = await post('/api/reset-password', { token, password: 'Terceira-senha-longa-8' });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json()).toEqual({ message: 'invalid_reset_token' });
  });

  it('keeps only the newest link working', async () => {
    const first = await requestToken('twice@example.com');
    const second = await requestToken('twice@example.com', 2);
    expect((await post('/api/reset-password', { token: first, password: newPassword })).json()).toEqual({
      message: 'invalid_reset_token',
    });
    expect((await post('/api/reset-password', { token: second, password: newPassword })).statusCode).toBe(200);
  });

  it('refuses an expired or unknown token with invalid_reset_token', async () => {
    const token = await requestToken('late@example.com');
    await t.app.db
      .updateTable('password_reset_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .execute();
    expect((await post('/api/reset-password', { token, password: newPassword })).json()).toEqual({
      message: 'invalid_reset_token',
    });
    expect((await post('/api/reset-password', { token: 'made-up', password: newPassword })).json()).toEqual({
      message: 'invalid_reset_token',
    });
    expect((await login('late', goodPassword)).statusCode).toBe(200);
  });

  it('verifies an unconfirmed account, since the link proved the e-mail', async () => {
    const token = await requestToken('unconfirmed@example.com');
    expect((await post('/api/reset-password', { token, password: newPassword })).statusCode).toBe(200);
    expect((await login('unconfirmed', newPassword)).statusCode).toBe(200);
  });

  it('applies the signup password rules', async () => {
    for (const [password, key] of [
      ['short', 'password_too_short'],
      ['p'.repeat(129), 'password_too_long'],
      ['Qwertyuiop', 'password_too_common'],
      [undefined, 'password_required'],
    ] as const) {
      const res = await post('/api/reset-password', { token: 'whatever', password });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'validation_failed', errors: { password: [key] } });
    }
  });

  it('answers 400 with field keys for bad input', async () => {
    for (const [url, payload, errors] of [
      ['/api/forgot-password', {}, { email: ['email_required'] }],
      ['/api/forgot-password', { email: 'nope' }, { email: ['invalid_email'] }],
      ['/api/forgot-password', { email: 7 }, { email: ['email_required'] }],
      ['/api/forgot-password', { email: `${'a'.repeat(250)}@x.io` }, { email: ['too_long'] }],
      ['/api/reset-password', { password: newPassword }, { token: ['token_required'] }],
      ['/api/reset-password', { token: 5, password: newPassword }, { token: ['token_required'] }],
      ['/api/reset-password', { token: 't'.repeat(257), password: newPassword }, { token: ['too_long'] }],
    ] as const) {
      const res = await post(url, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toEqual({ message: 'validation_failed', errors });
    }
  });
});
