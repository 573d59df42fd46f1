import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../../realtime/test-support.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { codeIn, outboxMails, parseMail } from '../../test/mail.js';
import { startSmtpSink, type SmtpSink } from '../../test/smtp-sink.js';
import { goodPassword } from '../../test/users.js';

const signup = (username: string) => ({
  name: 'Caio',
  email: `${username}@example.com`,
  username,
  password: goodPassword,
  acceptedTerms: true,
});

describe('the verification code through a real SMTP server', () => {
  let smtp: SmtpSink;
  let t: TestApp;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await buildTestApp({ env: { SMTP_URL: smtp.url, MAIL_FROM: 'Papo <codes@papo.test>' } });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('delivers the code by SMTP, and the code confirms the account', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/signup', payload: signup('smtp_user') });
    expect(res.statusCode).toBe(201);
    await waitFor('the code by SMTP', () => smtp.mails.some((m) => m.to.includes('smtp_user@example.com')));
    const received = smtp.mails.find((m) => m.to.includes('smtp_user@example.com'))!;
    expect(received.from).toBe('codes@papo.test');
    const mail = parseMail(received.raw);
    const code = codeIn(mail);
    expect(mail.subject).toContain(code);
    const confirm = await t.app.inject({
      method: 'POST',
      url: '/api/confirmCode',
      payload: { username: 'smtp_user', code },
    });
    expect(confirm.json()).toEqual({ message: 'account_verified' });
    expect(await outboxMails(t.dataDir)).toEqual([]);
  });
});

describe('the verification code without SMTP_URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('lands in DATA_DIR/outbox as an .eml file holding the code', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/signup', payload: signup('outbox_user') });
    expect(res.statusCode).toBe(201);
    const mails = await outboxMails(t.dataDir);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.file).toMatch(/^\d{4}-\d\d-\d\dT[\d-]+Z-\d{6}-[0-9a-f-]{36}\.eml$/);
    expect(mail.raw).toMatch(/^To: outbox_user@example\.com$/m);
    expect(mail.raw).toContain(`\n${codeIn(mail)}\n`);
  });
});
