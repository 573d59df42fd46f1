import { beforeAll, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { describeEachDialect } from '../../test/db.js';
import { seedContact } from './test-support.js';
import { buildUser, personas } from '../../test/users.js';

type Headers = Record<string, string>;

describeEachDialect('staff mailbox', (dialect) => {
  const t = useTestApp({ dialect });
  let as: Record<'anonymous' | 'user' | 'moderator' | 'admin', Headers>;
  let firstId: number;
  beforeAll(async () => {
    const [user, moderator, admin] = [
      await buildUser(t.app, { username: 'user1', roles: personas.user }),
      await buildUser(t.app, { username: 'moderator1', roles: personas.moderator }),
      await buildUser(t.app, { username: 'admin1', roles: personas.admin }),
    ];
    as = { anonymous: {}, user: user.headers, moderator: moderator.headers, admin: admin.headers };
    const base = Date.parse('2026-01-01T00:00:00.000Z');
    // 41 messages a minute apart, inserted out of order so only the sort can put them newest first.
    const order = Array.from({ length: 41 }, (_, i) => (i * 17) % 41);
    for (const minute of order) {
      const id = await seedContact(t.app, {
        name: `Pessoa ${minute}`,
        subject: minute === 40 ? null : `Assunto ${minute}`,
        source: minute % 2 ? 'home_chat' : 'contact',
        createdAt: new Date(base + minute * 60_000).toISOString(),
      });
      if (minute === 0) firstId = id;
    }
  });

  const get = (url: string, headers: Headers) => t.app.inject({ method: 'GET', url, headers });

  it.each([
    ['anonymous', 401, { message: 'JWT Token not found' }],
    ['user', 403, { message: 'forbidden' }],
  ] as const)('refuses the mailbox and a message to %s', async (who, status, body) => {
    for (const url of ['/api/mailbox?page=1&limit=40', `/api/contacts/${firstId}`, '/api/contacts/abc']) {
      const res = await get(url, as[who]);
      expect(res.statusCode, url).toBe(status);
      expect(res.json()).toEqual(body);
    }
  });

  it('refuses an invalid token', async () => {
    const res = await get('/api/mailbox', { authorization: 'Bearer nope' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Invalid JWT Token' });
  });

  it.each(['moderator', 'admin'] as const)('lists 40 a page, newest first, with the total, for a %s', async (who) => {
    const first = await get('/api/mailbox?page=1&limit=40', as[who]);
    expect(first.statusCode).toBe(200);
    const page1 = first.json();
    expect(page1).toMatchObject({ total: 41, page: 1, limit: 40 });
    expect(page1.contacts).toHaveLength(40);
    expect(page1.contacts[0]).toEqual({
      id: expect.any(Number),
      name: 'Pessoa 40',
      email: 'maria@example.com',
      subject: null,
      date: '2026-01-01T00:40:00.000Z',
      source: 'contact',
      repliedAt: null,
    });
    const dates = page1.contacts.map((c: { date: string }) => c.date);
    expect(dates).toEqual([...dates].sort().reverse());

    const page2 = (await get('/api/mailbox?page=2&limit=40', as[who])).json();
    expect(page2).toMatchObject({ total: 41, page: 2, limit: 40 });
    expect(page2.contacts.map((c: { id: number; name: string }) => [c.id, c.name])).toEqual([[firstId, 'Pessoa 0']]);
  });

  it('defaults to page 1 of 40 and answers an empty page past the end', async () => {
    const res = (await get('/api/mailbox', as.admin)).json();
    expect(res).toMatchObject({ page: 1, limit: 40, total: 41 });
    expect(res.contacts).toHaveLength(40);
    const past = (await get('/api/mailbox?page=9', as.admin)).json();
    expect(past).toEqual({ contacts: [], total: 41, page: 9, limit: 40 });
    const small = (await get('/api/mailbox?page=3&limit=20', as.admin)).json();
    expect(small.contacts.map((c: { name: string }) => c.name)).toEqual(['Pessoa 0']);
  });

  it.each([
    ['page=0', { page: ['invalid_page'] }],
    ['page=-1', { page: ['invalid_page'] }],
    ['page=abc', { page: ['invalid_page'] }],
    ['page=1&page=2', { page: ['invalid_page'] }],
    ['limit=0', { limit: ['invalid_limit'] }],
    ['limit=101', { limit: ['invalid_limit'] }],
    ['limit=4.5', { limit: ['invalid_limit'] }],
  ])('answers 400 for the query %s', async (query, errors) => {
    const res = await get(`/api/mailbox?${query}`, as.moderator);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'validation_failed', errors });
  });

  it.each(['moderator', 'admin'] as const)('shows one message to a %s', async (who) => {
    const res = await get(`/api/contacts/${firstId}`, as[who]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: firstId,
      name: 'Pessoa 0',
      email: 'maria@example.com',
      subject: 'Assunto 0',
      message: 'Gostei muito do site.',
      date: '2026-01-01T00:00:00.000Z',
      source: 'contact',
      repliedAt: null,
      repliedBy: null,
      replySubject: null,
      replyBody: null,
    });
  });

  it('answers 404 contact_not_found for an unknown id', async () => {
    const res = await get('/api/contacts/999999', as.moderator);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'contact_not_found' });
  });

  it.each(['abc', '0', '-3', '1.5', '99999999999'])('answers 400 for the id %s', async (id) => {
    const res = await get(`/api/contacts/${id}`, as.admin);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'validation_failed', errors: { id: ['invalid_id'] } });
  });
});
