import { afterAll, beforeAll, expect, it } from 'vitest';
import { freshIp } from '../features/contact/test-support.js';
import { buildTestApp, type TestApp } from '../test/app.js';
import { describeEachDialect } from '../test/db.js';
import { buildUser, type TestUser } from '../test/users.js';

const boundary = 'papo-broken';
const type = `multipart/form-data; boundary=${boundary}`;

/**
 * Multipart bodies a careless or hostile client sends, and the key the contact form answers: the parser's
 * failures are `invalid_multipart`; a well-formed body without the fields is a validation failure.
 */
const broken: [string, string, string, string][] = [
  [
    'cut short (no closing boundary)',
    type,
    `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nAna`,
    'invalid_multipart',
  ],
  ['cut inside the part headers', type, `--${boundary}\r\nContent-Disposition: form-da`, 'invalid_multipart'],
  [
    'without a boundary parameter',
    'multipart/form-data',
    `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nAna\r\n--${boundary}--\r\n`,
    'invalid_multipart',
  ],
  ['with a part missing its headers', type, `--${boundary}\r\n\r\nAna\r\n--${boundary}--\r\n`, 'validation_failed'],
  ['empty', type, '', 'validation_failed'],
];

/** The routes that read form data answer 400; no POST route answers 5xx to any of them. */
describeEachDialect('malformed multipart bodies', (dialect) => {
  let t: TestApp;
  let member: TestUser;
  beforeAll(async () => {
    t = await buildTestApp({ dialect });
    member = await buildUser(t.app, { username: 'formas' });
  });
  afterAll(() => t.close());

  const post = (url: string, contentType: string, payload: string) =>
    t.app.inject({
      method: 'POST',
      url,
      payload,
      headers: { ...member.headers, 'content-type': contentType },
      remoteAddress: freshIp(),
    });

  it.each(broken)('POST /api/contact: a body %s is a 400 %s', async (_name, contentType, payload, key) => {
    const res = await post('/api/contact', contentType, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: key });
    expect(await t.app.db.selectFrom('contact_messages').select('id').execute()).toEqual([]);
  });

  it.each(broken)('POST /api/upload-profile-picture: a body %s is a 400', async (_name, contentType, payload) => {
    const res = await post('/api/upload-profile-picture', contentType, payload);
    expect(res.statusCode).toBe(400);
    expect(['invalid_multipart', 'validation_failed']).toContain(res.json().message);
  });

  it('no POST route answers 5xx to any of them', async () => {
    const routes = t.app
      .routeList()
      .filter((route) => route.startsWith('POST '))
      .map((route) => route.slice(5).replace(/\{[^}]+\}/g, '1'));
    expect(routes.length).toBeGreaterThan(30);
    const answers: string[] = [];
    for (const url of routes) {
      for (const [name, contentType, payload] of broken) {
        const res = await post(url, contentType, payload);
        if (res.statusCode >= 500) answers.push(`${url} ${name}: ${res.statusCode} ${res.body}`);
      }
    }
    expect(answers).toEqual([]);
  });
});
