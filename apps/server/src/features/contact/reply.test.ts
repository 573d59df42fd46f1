import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { describeEachDialect } from '../../test/db.js';
import { outboxMails, parseMail } from '../../test/mail.js';
import { startSmtpSink } from '../../test/smtp-sink.js';
import { contactRoutes } from './routes.js';
import type { ContactRepliedEvent } from './service.js';
import { seedContact } from './test-support.js';
import { buildUser, personas } from '../../test/users.js';

const reply = {
  subject: 'Re: Olá',
  body: 'Obrigado pela mensagem, Maria!\n\n> Gostei muito do site.\n> Abraços',
};

describeEachDialect('POST /api/contacts/{id}/reply through SMTP', (dialect) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  const events: ContactRepliedEvent[] = [];
  let as: Record<'anonymous' | 'user' | 'moderator' | 'admin', Record<string, string>>;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await buildTestApp({ dialect, env: { SMTP_URL: smtp.url, MAIL_FROM: 'Papo <equipe@papo.test>' } });
    // A second copy of the routes under a prefix, with a listener, shows the hook the notifications issue will use.
    await t.app.register(contactRoutes, { prefix: '/hooked', onReplied: [(event) => void events.push(event)] });
    const [user, moderator, admin] = [
      await buildUser(t.app, { username: 'user1', roles: personas.user }),
      await buildUser(t.app, { username: 'moderator1', roles: personas.moderator }),
      await buildUser(t.app, { username: 'admin1', roles: personas.admin }),
    ];
    as = { anonymous: {}, user: user.headers, moderator: moderator.headers, admin: admin.headers };
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const send = (id: number | string, payload: object, headers: Record<string, string>, prefix = '') =>
    t.app.inject({ method: 'POST', url: `${prefix}/api/contacts/${id}/reply`, payload, headers });
  const row = (id: number) =>
    t.app.db.selectFrom('contact_messages').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it.each([
    ['anonymous', 401, 'JWT Token not found'],
    ['user', 403, 'forbidden'],
  ] as const)('refuses %s and sends nothing', async (who, status, message) => {
    const id = await seedContact(t.app);
    const before = smtp.mails.length;
    const res = await send(id, reply, as[who]);
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({ message });
    expect(smtp.mails).toHaveLength(before);
    expect((await row(id)).replied_at).toBeNull();
  });

  it.each(['moderator', 'admin'] as const)('mails the reply of a %s to the sender and records it', async (who) => {
    const id = await seedContact(t.app, { email: `maria-${who}@example.com` });
    const res = await send(id, reply, as[who]);
    expect(res.statusCode).toBe(200);
    const { repliedAt } = res.json();
    expect(res.json()).toEqual({ message: 'reply_sent', repliedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/) });

    const mail = smtp.mails.at(-1)!;
    expect(mail.to).toEqual([`maria-${who}@example.com`]);
    expect(mail.from).toBe('equipe@papo.test');
    const { headers, subject, text } = parseMail(mail.raw);
    expect(subject).toBe(reply.subject);
    expect(headers).not.toMatch(/^Reply-To:/im);
    expect(text).toBe(reply.body);

    const view = (await t.app.inject({ method: 'GET', url: `/api/contacts/${id}`, headers: as.admin })).json();
    expect(view).toMatchObject({ repliedAt, repliedBy: `${who}1`, replySubject: reply.subject, replyBody: reply.body });
    const list = (await t.app.inject({ method: 'GET', url: '/api/mailbox', headers: as.admin })).json();
    expect(list.contacts.find((c: { id: number }) => c.id === id).repliedAt).toBe(repliedAt);
  });

  it('sends to another address when given one', async () => {
    const id = await seedContact(t.app);
    const res = await send(id, { ...reply, to: 'outro@example.com' }, as.moderator);
    expect(res.statusCode).toBe(200);
    expect(smtp.mails.at(-1)!.to).toEqual(['outro@example.com']);
  });

  it('needs an address when the message came without one', async () => {
    const id = await seedContact(t.app, { email: null, source: 'home_chat' });
    const res = await send(id, reply, as.moderator);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'validation_failed', errors: { to: ['email_required'] } });
    expect((await send(id, { ...reply, to: 'visitante@example.com' }, as.moderator)).statusCode).toBe(200);
  });

  it.each([
    [{ body: 'x' }, { subject: ['subject_required'] }],
    [{ subject: ' ', body: 'x' }, { subject: ['subject_required'] }],
    [{ subject: 's'.repeat(201), body: 'x' }, { subject: ['too_long'] }],
    [{ subject: 3, body: 'x' }, { subject: ['invalid_type'] }],
    [{ subject: 'Re' }, { body: ['body_required'] }],
    [{ subject: 'Re', body: '' }, { body: ['body_required'] }],
    [{ subject: 'Re', body: 'b'.repeat(10_001) }, { body: ['too_long'] }],
    [{ subject: 'Re', body: false }, { body: ['invalid_type'] }],
    [{ ...reply, to: 'nobody' }, { to: ['invalid_email'] }],
    [{ ...reply, to: ['a@b.co'] }, { to: ['invalid_type'] }],
  ])('answers 400 for the body %j and sends nothing', async (payload, errors) => {
    const id = await seedContact(t.app);
    const before = smtp.mails.length;
    const res = await send(id, payload, as.moderator);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'validation_failed', errors });
    expect(smtp.mails).toHaveLength(before);
  });

  it('answers 404 for an unknown message and 400 for a bad id', async () => {
    expect((await send(999_999, reply, as.admin)).json()).toEqual({ message: 'contact_not_found' });
    const bad = await send('x1', reply, as.admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'validation_failed', errors: { id: ['invalid_id'] } });
  });

  it('tells the reply listeners who answered whom', async () => {
    const id = await seedContact(t.app, { email: 'ouvinte@example.com' });
    const res = await send(id, reply, as.admin, '/hooked');
    expect(res.statusCode).toBe(200);
    expect(events).toEqual([
      {
        contactId: id,
        senderEmail: 'ouvinte@example.com',
        to: 'ouvinte@example.com',
        repliedAt: res.json().repliedAt,
        repliedBy: { userId: expect.any(Number), username: 'admin1' },
      },
    ]);
  });
});

describe('a contact reply when the mail cannot go out', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Nothing listens on port 1, so the SMTP connection is refused.
    t = await buildTestApp({ env: { SMTP_URL: 'smtp://127.0.0.1:1' } });
  });
  afterAll(() => t.close());

  it('answers 502 mail_failed and records nothing', async () => {
    const id = await seedContact(t.app);
    const { headers } = await buildUser(t.app, { username: 'moderator1', roles: personas.moderator });
    const res = await t.app.inject({ method: 'POST', url: `/api/contacts/${id}/reply`, payload: reply, headers });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ message: 'mail_failed' });
    const row = await t.app.db
      .selectFrom('contact_messages')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ replied_at: null, replied_by: null, reply_subject: null, reply_body: null });
  });
});

describe('a contact reply without SMTP_URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('lands in the outbox addressed to the sender', async () => {
    const id = await seedContact(t.app, { email: 'visitante@example.com' });
    const { headers } = await buildUser(t.app, { username: 'admin1', roles: personas.admin });
    const res = await t.app.inject({ method: 'POST', url: `/api/contacts/${id}/reply`, payload: reply, headers });
    expect(res.statusCode).toBe(200);
    const mails = await outboxMails(t.dataDir);
    expect(mails).toHaveLength(1);
    const { headers: mailHeaders, subject, text } = mails[0]!;
    expect(mailHeaders).toMatch(/^To: visitante@example\.com$/im);
    expect(mailHeaders).toMatch(/^From: Papo <no-reply@papo\.local>$/im);
    expect(subject).toBe(reply.subject);
    expect(text).toBe(reply.body);
  });
});
