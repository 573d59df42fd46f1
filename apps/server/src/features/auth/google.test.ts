import { X509Certificate, generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { describeEachDialect } from '../../test/db.js';
import { selfSignedCertificate, startFakeGoogle, type FakeGoogle } from './fake-google.js';
import { buildUser, goodPassword } from '../../test/users.js';

describe('the fake Google certificate', () => {
  const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });

  it('is a well-formed X.509 certificate for the key', () => {
    const { publicKey, privateKey } = keys;
    const cert = new X509Certificate(selfSignedCertificate(publicKey, privateKey));
    expect(cert.subject).toBe('CN=fake-google.test');
    expect(cert.verify(publicKey)).toBe(true);
    expect(cert.publicKey.export({ type: 'spki', format: 'pem' })).toBe(
      publicKey.export({ type: 'spki', format: 'pem' }),
    );
  });

  // A random serial starts with a zero byte one time in 256; DER wants an INTEGER in its shortest form, and OpenSSL
  // refuses the certificate otherwise — that made this suite fail now and then.
  it.each([
    ['a leading zero', [0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07]],
    ['two leading zeros then a high bit', [0x00, 0x00, 0x80, 0x03, 0x04, 0x05, 0x06, 0x07]],
    ['a high first bit', [0xff, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07]],
  ])('takes a serial with %s', (_, bytes) => {
    const cert = new X509Certificate(selfSignedCertificate(keys.publicKey, keys.privateKey, Buffer.from(bytes)));
    expect(BigInt(`0x${cert.serialNumber}`)).toBe(BigInt(`0x${Buffer.from(bytes).toString('hex')}`));
    expect(cert.verify(keys.publicKey)).toBe(true);
  });
});

describeEachDialect('Google sign-in', (dialect) => {
  let google: FakeGoogle;
  let t: TestApp;
  let ip = 0;
  const googleLogin = (credential: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/api/google_login',
      payload: { credential },
      remoteAddress: `10.0.5.${++ip}`,
    });
  const user = (email: string) =>
    t.app.db.selectFrom('users').selectAll().where('email_lower', '=', email.toLowerCase()).executeTakeFirst();

  beforeAll(async () => {
    google = await startFakeGoogle();
    t = await buildTestApp({ dialect, env: { GOOGLE_CLIENT_ID: google.clientId, GOOGLE_CERTS_URL: google.certsUrl } });
  });
  afterAll(async () => {
    await t.close();
    await google.close();
  });

  it('lists Google with its client id among the providers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/providers' });
    expect(res.json()).toEqual({ google: { clientId: google.clientId } });
  });

  it('creates a verified account with a username from the e-mail, and sets the 30-day refresh cookie', async () => {
    const res = await googleLogin(
      await google.idToken({ email: 'João.Silva+news@Gmail.com', name: 'João Silva', locale: 'en-GB' }),
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      token: expect.any(String),
      refresh_token: expect.any(String),
      roles: ['ROLE_USER'],
      username: 'Joao_Silva',
      userId: expect.any(Number),
    });
    const cookie = res.cookies.find((c) => c.name === 'refresh_token');
    expect(cookie).toMatchObject({ value: body.refresh_token, httpOnly: true, path: '/api/auth', maxAge: 30 * 86_400 });
    const row = await user('joão.silva+news@gmail.com');
    expect(row).toMatchObject({
      id: body.userId,
      name: 'João Silva',
      verified: 1,
      password_hash: null,
      language: 'en',
    });
    const nickname = await t.app.db
      .selectFrom('nicknames')
      .select('nickname')
      .where('user_id', '=', body.userId)
      .executeTakeFirst();
    expect(nickname?.nickname).toBe('Joao_Silva');

    const again = await googleLogin(await google.idToken({ email: 'joão.silva+news@gmail.com', name: 'Someone Else' }));
    expect(again.json().userId).toBe(body.userId);
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      cookies: { refresh_token: body.refresh_token },
    });
    expect(refreshed.statusCode).toBe(200);
  });

  it('picks a free username when the derived one is taken or reserved', async () => {
    await buildUser(t.app, { username: 'ze', email: 'ze@elsewhere.org' });
    const taken = await googleLogin(await google.idToken({ email: 'ze@gmail.com', name: 'Zé' }));
    expect(taken.json().username).toMatch(/^ze\d{1,5}$/);
    const reserved = await googleLogin(await google.idToken({ email: 'admin@gmail.com', name: 'Admin' }));
    expect(reserved.json().username).toMatch(/^admin\d{1,5}$/);
    const short = await googleLogin(await google.idToken({ email: '+x@gmail.com', name: '!' }));
    expect(short.json().username).toMatch(/^membro[A-Za-z0-9_-]*$/);
  });

  it('signs into an existing verified account, which keeps its password', async () => {
    const id = (await buildUser(t.app, { username: 'carla', email: 'carla@gmail.com' })).id;
    const res = await googleLogin(await google.idToken({ email: 'CARLA@gmail.com' }));
    expect(res.json()).toMatchObject({ userId: id, username: 'carla' });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login_check',
      payload: { username: 'carla', password: goodPassword },
    });
    expect(login.statusCode).toBe(200);
  });

  it('claims an unverified account with that e-mail: verified, password removed, old sessions ended', async () => {
    const id = (await buildUser(t.app, { username: 'squatter', email: 'victim@gmail.com', verified: false })).id;
    const res = await googleLogin(await google.idToken({ email: 'victim@gmail.com' }));
    expect(res.json().userId).toBe(id);
    expect(await user('victim@gmail.com')).toMatchObject({ verified: 1, password_hash: null });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login_check',
      payload: { username: 'squatter', password: goodPassword },
    });
    expect(login.json()).toEqual({ message: 'invalid_credentials' });
  });

  it('refuses a token for another audience, an expired one, another issuer or another key with 401 invalid_google_token', async () => {
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    const now = Math.floor(Date.now() / 1000);
    const tokens = [
      await google.idToken({ email: 'x1@gmail.com', aud: 'someone-else.apps.googleusercontent.com' }),
      await google.idToken({ email: 'x2@gmail.com', iat: now - 7200, exp: now - 3600 }),
      await google.idToken({ email: 'x3@gmail.com', iss: 'https://evil.example' }),
      await google.idToken({ email: 'x4@gmail.com' }, { key: other }),
      await google.idToken({ email: 'x5@gmail.com' }, { kid: 'unknown-kid' }),
      'not.a.jwt',
      'garbage',
    ];
    for (const credential of tokens) {
      const res = await googleLogin(credential);
      expect(res.statusCode, credential).toBe(401);
      expect(res.json()).toEqual({ message: 'invalid_google_token' });
    }
    const created = await t.app.db.selectFrom('users').select('email').where('email', 'like', 'x_@gmail.com').execute();
    expect(created).toEqual([]);
  });

  it('refuses an unverified Google e-mail with 403 and a token without e-mail with 401', async () => {
    const unverified = await googleLogin(
      await google.idToken({ email: 'unverified@gmail.com', email_verified: false }),
    );
    expect(unverified.statusCode).toBe(403);
    expect(unverified.json()).toEqual({ message: 'google_email_not_verified' });
    expect(await user('unverified@gmail.com')).toBeUndefined();
    const noEmail = await googleLogin(await google.idToken({}));
    expect(noEmail.json()).toEqual({ message: 'invalid_google_token' });
  });

  it('answers 400 for a missing, wrong-typed or oversized credential', async () => {
    for (const [credential, key] of [
      [undefined, 'credential_required'],
      ['', 'credential_required'],
      [{ token: 'x' }, 'credential_required'],
      ['x'.repeat(4097), 'too_long'],
    ] as const) {
      const res = await googleLogin(credential);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'validation_failed', errors: { credential: [key] } });
    }
  });
});

describe('Google sign-in when not configured or unreachable', () => {
  it('answers 404 not_found and lists no provider without GOOGLE_CLIENT_ID', async () => {
    const t = await buildTestApp();
    try {
      const res = await t.app.inject({ method: 'POST', url: '/api/google_login', payload: { credential: 'x' } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'not_found' });
      expect((await t.app.inject({ method: 'GET', url: '/api/auth/providers' })).json()).toEqual({ google: null });
    } finally {
      await t.close();
    }
  });

  it('answers 503 google_unavailable when the certificates cannot be fetched', async () => {
    const google = await startFakeGoogle();
    const token = await google.idToken({ email: 'down@gmail.com' });
    await google.close();
    const t = await buildTestApp({ env: { GOOGLE_CLIENT_ID: google.clientId, GOOGLE_CERTS_URL: google.certsUrl } });
    try {
      const res = await t.app.inject({ method: 'POST', url: '/api/google_login', payload: { credential: token } });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ message: 'google_unavailable' });
    } finally {
      await t.close();
    }
  });
});
