import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { describeEachDialect } from '../../test/db.js';
import { codeIn, latestMailTo, outboxMails } from '../../test/mail.js';
import { buildUser, goodPassword } from '../../test/users.js';

const signup = {
  name: 'Ana Souza',
  email: 'ana@example.com',
  username: 'ana_souza',
  password: goodPassword,
  acceptedTerms: true,
};

describeEachDialect('signup and check-username', (dialect) => {
  let t: TestApp;
  let ip = 0;
  // a fresh client address per request keeps the per-IP limits (tested elsewhere) out of the way.
  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, headers, remoteAddress: `10.0.1.${++ip}` });
  const check = (username: string) =>
    t.app.inject({ method: 'GET', url: `/api/check-username?username=${encodeURIComponent(username)}` });

  beforeAll(async () => {
    t = await buildTestApp({ dialect });
    const owner = (await buildUser(t.app, { username: 'Taken_Name', email: 'Taken@Example.com' })).id;
    await t.app.db
      .insertInto('nicknames')
      .values({ user_id: owner, nickname: 'OtherNick', nickname_lower: 'othernick', is_selected: 0 })
      .execute();
  });
  afterAll(() => t.close());

  it('reports a free name as available', async () => {
    const res = await check('brand-new_1');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ available: true });
  });

  it('reports taken usernames, nicknames and reserved names as username_taken, case-insensitively', async () => {
    for (const name of ['taken_name', 'TAKEN_NAME', 'othernick', 'ChanServ', 'admin']) {
      expect((await check(name)).json(), name).toEqual({ available: false, reason: 'username_taken' });
    }
  });

  it('reports an invalid name as unavailable with its reason, and refuses a missing or huge parameter', async () => {
    for (const name of ['a', 'has space', 'ção', 'x'.repeat(31), 'a@b']) {
      expect((await check(name)).json(), name).toEqual({ available: false, reason: 'invalid_username' });
    }
    const missing = await t.app.inject({ method: 'GET', url: '/api/check-username' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ message: 'validation_failed', errors: { username: ['username_required'] } });
    const huge = await check('x'.repeat(101));
    expect(huge.json()).toEqual({ message: 'validation_failed', errors: { username: ['too_long'] } });
  });

  it('creates an unverified account, mails its code in Portuguese, and refuses to log it in', async () => {
    const res = await post('/api/signup', signup);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ username: 'ana_souza', message: 'signup_success' });
    const user = await t.app.db
      .selectFrom('users')
      .selectAll()
      .where('username', '=', 'ana_souza')
      .executeTakeFirstOrThrow();
    expect(user.verified).toBe(0);
    expect(user.language).toBe('pt');
    expect(user.password_hash).toMatch(/^\$argon2id\$/);
    const mail = await latestMailTo(t.dataDir, 'ana@example.com');
    const code = codeIn(mail);
    expect(mail.subject).toBe(`${code} é o seu código de verificação do Papo`);
    expect(mail.text).toContain('Olá, Ana Souza!');
    expect(mail.html).toContain(code);
    const stored = await t.app.db
      .selectFrom('verification_codes')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(stored.code_hash).not.toContain(code);
    expect(stored.code_hash).toMatch(/^[0-9a-f]{64}$/);
    const login = await post('/api/login_check', { username: 'ana_souza', password: goodPassword });
    expect(login.statusCode).toBe(403);
    expect(login.json()).toEqual({ message: 'account_not_verified' });
  });

  it('mails in the language the client chose, else the browser’s Accept-Language', async () => {
    await post('/api/signup', { ...signup, username: 'en_user', email: 'en@example.com', language: 'en' });
    expect((await latestMailTo(t.dataDir, 'en@example.com')).subject).toMatch(
      /^[A-Z2-9]{4} is your Papo verification code$/,
    );
    await post(
      '/api/signup',
      { ...signup, username: 'fr_user', email: 'fr@example.com' },
      { 'accept-language': 'de-DE, fr-CA;q=0.8, en;q=0.5' },
    );
    expect((await latestMailTo(t.dataDir, 'fr@example.com')).subject).toMatch(/est votre code de vérification Papo$/);
    await post('/api/signup', { ...signup, username: 'es_user', email: 'es@example.com' }, { 'accept-language': 'es' });
    expect((await latestMailTo(t.dataDir, 'es@example.com')).text).toContain('¡Hola, Ana Souza!');
  });

  it('answers username_taken and email_taken together, case-insensitively, and creates nothing', async () => {
    const before = (await outboxMails(t.dataDir)).length;
    const res = await post('/api/signup', { ...signup, username: 'TAKEN_name', email: 'taken@EXAMPLE.com' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'validation_failed',
      errors: { username: ['username_taken'], email: ['email_taken'] },
    });
    const nick = await post('/api/signup', { ...signup, username: 'OTHERNICK', email: 'new1@example.com' });
    expect(nick.json()).toEqual({ message: 'validation_failed', errors: { username: ['username_taken'] } });
    const reserved = await post('/api/signup', { ...signup, username: 'NickServ', email: 'new2@example.com' });
    expect(reserved.json()).toEqual({ message: 'validation_failed', errors: { username: ['username_taken'] } });
    expect((await outboxMails(t.dataDir)).length).toBe(before);
  });

  it('refuses one of the most common passwords with password_too_common', async () => {
    const res = await post('/api/signup', {
      ...signup,
      username: 'common_pw',
      email: 'common@example.com',
      password: 'Qwertyuiop',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'validation_failed', errors: { password: ['password_too_common'] } });
  });

  it.each([
    ['name', undefined, 'name_required'],
    ['name', '   ', 'name_required'],
    ['name', 42, 'name_required'],
    ['name', 'n'.repeat(101), 'too_long'],
    ['email', undefined, 'email_required'],
    ['email', 'not-an-email', 'invalid_email'],
    ['email', ['a@b.io'], 'email_required'],
    ['email', `${'e'.repeat(250)}@x.io`, 'too_long'],
    ['username', undefined, 'username_required'],
    ['username', 'a b', 'invalid_username'],
    ['username', 'u'.repeat(31), 'invalid_username'],
    ['username', { $ne: '' }, 'username_required'],
    ['password', undefined, 'password_required'],
    ['password', 'short', 'password_too_short'],
    ['password', 'p'.repeat(129), 'password_too_long'],
    ['password', 1234567890123, 'password_required'],
    ['acceptedTerms', undefined, 'terms_required'],
    ['acceptedTerms', false, 'terms_required'],
    ['acceptedTerms', 'true', 'terms_required'],
    ['language', 'de', 'invalid_language'],
  ])('answers 400 with errors.%s for %j', async (field, value, key) => {
    const res = await post('/api/signup', {
      ...signup,
      username: 'field_test',
      email: 'field@example.com',
      [field]: value,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'validation_failed', errors: { [field]: [key] } });
  });

  it('answers 400 for a body that is not an object or not JSON, never 500', async () => {
    for (const payload of ['[]', '"text"', 'null']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/signup',
        payload,
        headers: { 'content-type': 'application/json' },
      });
      expect(res.statusCode, payload).toBe(400);
      expect(res.json().message).toBe('validation_failed');
    }
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/signup',
      payload: '{"name":',
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.json()).toEqual({ message: 'invalid_json' });
    const empty = await t.app.inject({ method: 'POST', url: '/api/signup' });
    expect(empty.statusCode).toBe(400);
  });
});
