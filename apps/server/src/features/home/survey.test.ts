import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { describeEachDialect } from '../../test/db.js';
import { buildUser } from '../../test/users.js';
import { visitorCookies } from './survey.js';

describeEachDialect('survey', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ dialect });
  });
  afterAll(() => t?.close());

  const vote = (optionIndex: number, opts: { headers?: Record<string, string>; ip?: string; surveyId?: number } = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/survey/vote',
      remoteAddress: opts.ip ?? '198.51.100.1',
      headers: opts.headers,
      payload: { surveyId: opts.surveyId ?? 1, optionIndex },
    });
  const cookieOf = (response: { cookies: { name: string; value: string }[] }) =>
    response.cookies.find((c) => c.name === 'papo_visitor')?.value;

  it('answers survey 1 with its option keys and no results before a vote', async () => {
    const response = await t.app.inject({ url: '/api/survey' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: 1,
      question: 'favourite_part',
      options: ['chat', 'news', 'stores'],
      votedIndex: null,
      counts: null,
    });
  });

  it('takes one vote per account: the second is 409 already_voted, and the survey remembers the choice', async () => {
    const ana = await buildUser(t.app, { username: 'ana' });
    const first = await vote(1, { headers: ana.headers });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ surveyId: 1, votedIndex: 1 });
    expect(first.json().counts[1]).toBeGreaterThanOrEqual(1);
    const again = await vote(2, { headers: ana.headers, ip: '203.0.113.50' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'already_voted' });
    const survey = (await t.app.inject({ url: '/api/survey', headers: ana.headers })).json();
    expect(survey).toMatchObject({ votedIndex: 1, counts: first.json().counts });
  });

  it('takes one vote per visitor through a signed cookie, and a forged cookie counts as none', async () => {
    const first = await vote(0, { ip: '192.0.2.10' });
    expect(first.statusCode).toBe(200);
    const cookie = cookieOf(first);
    expect(cookie).toMatch(/^[\w-]+\.[\w-]+$/);
    const setCookie = String(first.headers['set-cookie']);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');
    const again = await vote(2, { ip: '192.0.2.10', headers: { cookie: `papo_visitor=${cookie}` } });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('already_voted');
    const seen = (await t.app.inject({ url: '/api/survey', headers: { cookie: `papo_visitor=${cookie}` } })).json();
    expect(seen.votedIndex).toBe(0);
    const [id] = cookie!.split('.');
    const forged = `${id}.${visitorCookies(Buffer.alloc(32, 7)).issue().value.split('.')[1]}`;
    expect(
      (await t.app.inject({ url: '/api/survey', headers: { cookie: `papo_visitor=${forged}` } })).json().votedIndex,
    ).toBeNull();
  });

  it('limits logged-out votes per IP address, so clearing cookies does not buy more votes', async () => {
    const ip = '192.0.2.77';
    for (let i = 0; i < 5; i += 1) expect((await vote(i % 3, { ip })).statusCode).toBe(200);
    const sixth = await vote(0, { ip });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().message).toBe('too_many_requests');
    const member = await buildUser(t.app, { username: 'bea' });
    expect((await vote(0, { ip, headers: member.headers })).statusCode).toBe(200);
  });

  it('refuses an option out of range or a missing survey with a key, recording nothing', async () => {
    const before = await t.app.db
      .selectFrom('survey_votes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const cases: [unknown, number, string, string?][] = [
      [{ surveyId: 1, optionIndex: 3 }, 400, 'validation_failed', 'survey_option_invalid'],
      [{ surveyId: 1, optionIndex: -1 }, 400, 'validation_failed', 'survey_option_invalid'],
      [{ surveyId: 1, optionIndex: 'x' }, 400, 'validation_failed', 'survey_option_invalid'],
      [{ surveyId: 2, optionIndex: 0 }, 404, 'survey_not_found'],
    ];
    for (const [payload, status, message, field] of cases) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/survey/vote',
        remoteAddress: '192.0.2.200',
        payload: payload as object,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(status);
      expect(response.json().message).toBe(message);
      if (field) expect(response.json().errors.optionIndex).toEqual([field]);
    }
    const after = await t.app.db
      .selectFrom('survey_votes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});

describe('latest users', () => {
  it('lists the newest verified accounts by their selected nickname, nothing private', async () => {
    const t = await buildTestApp();
    try {
      await buildUser(t.app, { username: 'first' });
      await buildUser(t.app, { username: 'second' });
      await t.app.db.updateTable('users').set({ verified: 0 }).where('username', '=', 'second').execute();
      await buildUser(t.app, { username: 'third' });
      const users = (await t.app.inject({ url: '/api/latestUsers' })).json();
      expect(users).toEqual([
        { nickname: 'third', isVerified: true },
        { nickname: 'first', isVerified: true },
      ]);
    } finally {
      await t.close();
    }
  });
});
