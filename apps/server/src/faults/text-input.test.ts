import { afterAll, beforeAll, expect, it } from 'vitest';
import { freshIp, seedContact } from '../features/contact/test-support.js';
import { buildTestApp, type TestApp } from '../test/app.js';
import { describeEachDialect } from '../test/db.js';
import { multipartBody } from '../test/multipart.js';
import { buildUser, type TestUser } from '../test/users.js';

const nul = 'a\u0000b';

/**
 * The 15 requests that answered 500 on PostgreSQL (400 on SQLite) when a text carried a NUL character: now
 * the contract refuses them with the same 400 and field key on both databases, and nothing is stored.
 */
describeEachDialect('text with control characters', (dialect) => {
  let t: TestApp;
  let member: TestUser;
  let staff: TestUser;
  let contactId: number;
  beforeAll(async () => {
    t = await buildTestApp({ dialect });
    member = await buildUser(t.app, { username: 'texto' });
    staff = await buildUser(t.app, { username: 'equipe', roles: ['ROLE_USER', 'ROLE_MODERATOR'] });
    contactId = await seedContact(t.app);
  });
  afterAll(() => t.close());

  const contact = { name: 'Maria', email: 'maria@example.com', subject: 'Olá', message: 'Oi' };
  const reply = { subject: 'Re: Olá', body: 'Obrigado' };
  const cases: [string, string, string, () => Record<string, unknown>, 'anonymous' | 'member' | 'staff', string][] = [
    ['login username', 'POST', '/api/login_check', () => ({ username: nul, password: 'x' }), 'anonymous', 'username'],
    [
      'signup name',
      'POST',
      '/api/signup',
      () => ({ name: nul, email: 'n@example.com', username: 'nulo', password: 'uma senha longa', acceptedTerms: true }),
      'anonymous',
      'name',
    ],
    ['contact name', 'POST', '/api/contact', () => ({ ...contact, name: nul }), 'anonymous', 'name'],
    ['contact subject', 'POST', '/api/contact', () => ({ ...contact, subject: nul }), 'anonymous', 'subject'],
    ['contact message', 'POST', '/api/contact', () => ({ ...contact, message: nul }), 'anonymous', 'message'],
    ['contact chat name', 'POST', '/api/contact/chat', () => ({ ...contact, name: nul }), 'anonymous', 'name'],
    ['contact chat message', 'POST', '/api/contact/chat', () => ({ ...contact, message: nul }), 'anonymous', 'message'],
    ['whois username', 'GET', '/api/nickserv-whois?username=a%00b', () => ({}), 'member', 'username'],
    ['kick nickname', 'POST', '/api/kick', () => ({ channel: 'barra', nickname: nul }), 'staff', 'nickname'],
    ['ban nickname', 'POST', '/api/ban', () => ({ channel: 'barra', nickname: nul }), 'staff', 'nickname'],
    ['unban nickname', 'POST', '/api/unban', () => ({ channel: 'barra', nickname: nul }), 'staff', 'nickname'],
    [
      'channel-level nickname',
      'POST',
      '/api/channel-level',
      () => ({ channel_name: 'barra', nickname: nul, new_level: 3 }),
      'staff',
      'nickname',
    ],
    [
      'private message content',
      'POST',
      '/api/conversations/private/messages',
      () => ({ content: nul, conversation_id: 1 }),
      'member',
      'content',
    ],
    ['reply subject', 'POST', '/api/contacts/{id}/reply', () => ({ ...reply, subject: nul }), 'staff', 'subject'],
    ['reply body', 'POST', '/api/contacts/{id}/reply', () => ({ ...reply, body: nul }), 'staff', 'body'],
  ];

  it.each(cases)(
    'refuses a NUL in the %s with 400 invalid_characters',
    async (_name, method, url, payload, who, field) => {
      const headers = who === 'anonymous' ? {} : who === 'member' ? member.headers : staff.headers;
      const res = await t.app.inject({
        method: method as 'GET' | 'POST',
        url: url.replace('{id}', String(contactId)),
        headers,
        remoteAddress: freshIp(),
        ...(method === 'POST' ? { payload: payload() } : {}),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: 'validation_failed', errors: { [field]: ['invalid_characters'] } });
    },
  );

  it('stores none of them', async () => {
    const contacts = await t.app.db.selectFrom('contact_messages').select('id').execute();
    expect(contacts).toEqual([{ id: contactId }]);
    const row = await t.app.db.selectFrom('contact_messages').select('replied_at').executeTakeFirstOrThrow();
    expect(row.replied_at).toBeNull();
    expect(await t.app.db.selectFrom('users').select('username').where('username', '=', 'nulo').execute()).toEqual([]);
  });

  it.each([
    ['\u0007 (bell)', 'a\u0007b'],
    ['\u001b (escape)', 'a\u001b[31mb'],
    ['\u007f (delete)', 'a\u007fb'],
    ['\u0085 (next line, C1)', 'a\u0085b'],
    ['a lone surrogate', 'a\ud800b'],
  ])('refuses %s in a multi-line text too', async (_name, text) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contact/chat',
      remoteAddress: freshIp(),
      payload: { ...contact, message: text },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'validation_failed', errors: { message: ['invalid_characters'] } });
  });

  it('keeps tab and line breaks where a field spans lines, and refuses them in one-line fields', async () => {
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/contact/chat',
      remoteAddress: freshIp(),
      payload: { ...contact, message: 'linha 1\r\nlinha\t2\nlinha 3 — 😀' },
    });
    expect(ok.statusCode).toBe(200);
    const stored = await t.app.db
      .selectFrom('contact_messages')
      .select('message')
      .where('source', '=', 'home_chat')
      .executeTakeFirstOrThrow();
    expect(stored.message).toBe('linha 1\r\nlinha\t2\nlinha 3 — 😀');
    const name = await t.app.inject({
      method: 'POST',
      url: '/api/contact/chat',
      remoteAddress: freshIp(),
      payload: { ...contact, name: 'Ma\tria' },
    });
    expect(name.json()).toEqual({ message: 'validation_failed', errors: { name: ['invalid_characters'] } });
  });

  it('refuses a NUL in a multipart field the same way', async () => {
    const { payload, headers } = multipartBody({ fields: { ...contact, message: nul } });
    const res = await t.app.inject({ method: 'POST', url: '/api/contact', payload, headers, remoteAddress: freshIp() });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'validation_failed', errors: { message: ['invalid_characters'] } });
  });
});
