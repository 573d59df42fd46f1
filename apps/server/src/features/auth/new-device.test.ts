import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../../realtime/test-support.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { parseMail } from '../../test/mail.js';
import { startSmtpSink, type SmtpSink } from '../../test/smtp-sink.js';
import { buildAccount, goodPassword } from '../../test/users.js';
import { chromeOnLinux, firefoxOnAndroid, randomAddress } from '../account/test-support.js';
import { deviceCookie } from './new-device.js';

describe('a sign-in from a device the account has not used before', () => {
  let smtp: SmtpSink;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await buildTestApp({ env: { SMTP_URL: smtp.url, MAIL_FROM: 'Papo <avisos@papo.test>' } });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  /** Signs in as a browser holding `cookie` (the device cookie's value, if any); answers the cookie it is given back. */
  async function signIn(username: string, userAgent: string, cookie?: string): Promise<string> {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login_check',
      payload: { username, password: goodPassword },
      headers: { 'user-agent': userAgent, ...(cookie ? { cookie: `${deviceCookie}=${cookie}` } : {}) },
      remoteAddress: randomAddress(),
    });
    expect(res.statusCode, res.body).toBe(200);
    const set = res.cookies.find((one) => one.name === deviceCookie);
    expect(set).toMatchObject({ path: '/api', httpOnly: true, sameSite: 'Lax' });
    return set!.value;
  }
  const mailsTo = (email: string) =>
    smtp.mails.filter((mail) => mail.to.includes(email)).map((mail) => parseMail(mail.raw));

  it('mails the member in their language, by SMTP; the first sign-in and a known browser send nothing', async () => {
    const email = 'aparelho@example.com';
    const member = await buildAccount(t.app, { username: 'aparelho', email, language: 'en' });
    const other = await buildAccount(t.app, { username: 'vizinho', email: 'vizinho@example.com' });
    // The account's first sign-in has no device before it.
    const laptop = await signIn(member.username, chromeOnLinux);
    // The same browser again, and another account signing in on it (each account's own tag, both kept).
    const shared = await signIn(member.username, chromeOnLinux, laptop);
    expect(await signIn(other.username, chromeOnLinux, shared)).toContain(shared);

    // A phone the account never used: the mail, in English, naming the browser.
    const phone = await signIn(member.username, firefoxOnAndroid);
    await waitFor('the new-device mail', () => mailsTo(email).length > 0);
    const [mail, ...more] = mailsTo(email);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe('New sign-in to your Papo account');
    expect(mail!.text).toContain(
      'Your Papo account was signed in on a device it had not used before: Firefox · Android, on ',
    );
    expect(mail!.text).toContain('change your password in Profile → Account and security');

    // Either browser again: known, nothing more. A forged tag does not pass for the account's.
    await signIn(member.username, firefoxOnAndroid, phone);
    await signIn(member.username, chromeOnLinux, shared);
    await signIn(member.username, chromeOnLinux, 'A'.repeat(22));
    await waitFor("the forged tag's mail", () => mailsTo(email).length === 2);
    expect(mailsTo(email).map((one) => one.subject)).toEqual([
      'New sign-in to your Papo account',
      'New sign-in to your Papo account',
    ]);
    // The neighbour's first sign-in, on the shared browser, sent them nothing.
    expect(mailsTo('vizinho@example.com')).toEqual([]);
  });
});
