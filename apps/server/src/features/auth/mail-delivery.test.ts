import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { startSmtpSink, type SmtpSink } from '../../test/smtp-sink.js';
import { codeIn, parseMail, waitFor } from './test-support.js';
import { goodPassword } from '../../test/users.js';

const signup = (username: string) => ({ name: 'Caio', email: `${username}@example.com`, username, password: goodPassword, acceptedTerms: true });

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
    const received = await waitFor(async () => smtp.mails.find((m) => m.to.includes('smtp_user@example.com')));
    expect(received.from).toBe('codes@papo.test');
    const mail = parseMail(received.raw);
    const code = codeIn(mail);
    expect(mail.subject).toContain(code);
    const confirm = await t.app.inject({ method: 'POST', url: '/api/confirmCode', payload: { username: 'smtp_user', code } });
    expect(confirm.json()).toEqual({ message: 'account_verified' });
    expect(await readdir(path.join(t.dataDir, 'outbox')).catch(() => [])).toEqual([]);
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
    const dir = path.join(t.dataDir, 'outbox');
    const files = await readdir(dir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^\d{4}-\d\d-\d\dT[\d-]+Z-\d{6}-[0-9a-f-]{36}\.eml$/);
    const raw = await readFile(path.join(dir, files[0]!), 'utf8');
    expect(raw).toMatch(/^To: outbox_user@example\.com$/m);
    const code = codeIn(parseMail(raw));
    expect(raw).toContain(`\n${code}\n`);
  });
});
