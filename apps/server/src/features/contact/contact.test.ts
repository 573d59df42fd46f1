import { expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { describeEachDialect } from '../../test/db.js';
import { hashIp } from './service.js';
import { multipartBody } from '../../test/multipart.js';
import { freshIp } from './test-support.js';

const valid = { name: 'Maria', email: 'maria@example.com', subject: 'Olá', message: 'Gostei muito do site.' };

describeEachDialect('POST /api/contact and /api/contact/chat', (dialect) => {
  const t = useTestApp({ dialect });

  const stored = () => t.app.db.selectFrom('contact_messages').selectAll().orderBy('id', 'desc').execute();
  const post = (url: string, payload: unknown, ip = freshIp()) =>
    t.app.inject({ method: 'POST', url, payload: payload as Record<string, unknown>, remoteAddress: ip });

  it('stores a JSON message with a hash of the sender IP, never the IP', async () => {
    const res = await post('/api/contact', valid, '203.0.113.7');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'contact_sent' });
    const [row] = await stored();
    expect(row).toMatchObject({ ...valid, source: 'contact', replied_at: null, ip_hash: hashIp('203.0.113.7') });
    expect(row!.ip_hash).not.toContain('203.0.113.7');
    expect(row!.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it('accepts url-encoded form data and stores blank optional fields as null', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      remoteAddress: freshIp(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'name=Jo%C3%A3o&email=&subject=&message=Ol%C3%A1+equipe',
    });
    expect(res.statusCode).toBe(200);
    expect((await stored())[0]).toMatchObject({ name: 'João', email: null, subject: null, message: 'Olá equipe' });
  });

  it('accepts multipart form data', async () => {
    const { payload, headers } = multipartBody({ fields: { ...valid, name: 'Ana', website: '' } });
    const res = await t.app.inject({ method: 'POST', url: '/api/contact', remoteAddress: freshIp(), headers, payload });
    expect(res.statusCode).toBe(200);
    expect((await stored())[0]).toMatchObject({ ...valid, name: 'Ana' });
  });

  it('refuses a repeated field in multipart form data', async () => {
    const { payload, headers } = multipartBody({
      fields: [
        ['name', 'Ana'],
        ['name', 'Bia'],
        ['message', 'Oi'],
      ],
    });
    const res = await t.app.inject({ method: 'POST', url: '/api/contact', remoteAddress: freshIp(), headers, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'validation_failed', errors: { name: ['invalid_type'] } });
  });

  it('refuses a file in the multipart form', async () => {
    const boundary = 'b1';
    const payload =
      `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nAna\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nhi\r\n` +
      `--${boundary}--\r\n`;
    const before = (await stored()).length;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      remoteAddress: freshIp(),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'payload_too_large' });
    expect(await stored()).toHaveLength(before);
  });

  it.each([
    ['name missing', { message: 'x' }, { name: ['name_required'] }],
    ['name blank', { name: '   ', message: 'x' }, { name: ['name_required'] }],
    ['name of the wrong type', { name: 42, message: 'x' }, { name: ['invalid_type'] }],
    ['name too long', { name: 'n'.repeat(101), message: 'x' }, { name: ['too_long'] }],
    ['message missing', { name: 'A' }, { message: ['message_required'] }],
    ['message blank', { name: 'A', message: '' }, { message: ['message_required'] }],
    ['message of the wrong type', { name: 'A', message: ['a', 'b'] }, { message: ['invalid_type'] }],
    ['message too long', { name: 'A', message: 'm'.repeat(5001) }, { message: ['too_long'] }],
    ['email invalid', { name: 'A', message: 'x', email: 'not-an-address' }, { email: ['invalid_email'] }],
    ['email of the wrong type', { name: 'A', message: 'x', email: 7 }, { email: ['invalid_type'] }],
    ['email too long', { name: 'A', message: 'x', email: `${'e'.repeat(250)}@x.io` }, { email: ['too_long'] }],
    ['subject too long', { name: 'A', message: 'x', subject: 's'.repeat(201) }, { subject: ['too_long'] }],
    ['subject of the wrong type', { name: 'A', message: 'x', subject: { a: 1 } }, { subject: ['invalid_type'] }],
    ['both required fields missing', {}, { name: ['name_required'], message: ['message_required'] }],
  ])('answers 400 and stores nothing for %s', async (_case, payload, errors) => {
    const before = (await stored()).length;
    const res = await post('/api/contact', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'validation_failed', errors });
    expect(await stored()).toHaveLength(before);
  });

  it('accepts the longest allowed values', async () => {
    const res = await post('/api/contact', {
      name: 'n'.repeat(100),
      message: 'm'.repeat(5000),
      subject: 's'.repeat(200),
    });
    expect(res.statusCode).toBe(200);
  });

  it.each([
    ['JSON', { ...valid, website: 'https://spam.example' }],
    ['a non-text value', { ...valid, website: ['x'] }],
  ])('answers a filled honeypot (%s) like a success but stores nothing', async (_case, payload) => {
    const before = (await stored()).length;
    const res = await post('/api/contact', payload);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'contact_sent' });
    expect(await stored()).toHaveLength(before);
  });

  it('answers a filled honeypot in multipart form data like a success but stores nothing', async () => {
    const before = (await stored()).length;
    const { payload, headers } = multipartBody({ fields: { ...valid, website: 'http://spam.example' } });
    const res = await t.app.inject({ method: 'POST', url: '/api/contact', remoteAddress: freshIp(), headers, payload });
    expect(res.statusCode).toBe(200);
    expect(await stored()).toHaveLength(before);
  });

  it('stores a home chat message, dropping a placeholder e-mail', async () => {
    const res = await post('/api/contact/chat', { name: 'Anônimo', email: 'anonimo@papo', message: 'Oi, pessoal!' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'contact_sent' });
    expect((await stored())[0]).toMatchObject({
      name: 'Anônimo',
      email: null,
      subject: null,
      message: 'Oi, pessoal!',
      source: 'home_chat',
    });
  });

  it('keeps a real e-mail from the home chat', async () => {
    await post('/api/contact/chat', { name: 'Anônimo', email: 'ze@example.com', message: 'Oi' });
    expect((await stored())[0]).toMatchObject({ email: 'ze@example.com', source: 'home_chat' });
  });

  it.each([
    [{ email: 'a@b.co', message: 'x' }, { name: ['name_required'] }],
    [{ name: 'A', message: ' ' }, { message: ['message_required'] }],
    [{ name: 'A', message: 'm'.repeat(5001) }, { message: ['too_long'] }],
    [{ name: 'A', message: 'x', email: 5 }, { email: ['invalid_type'] }],
  ])('validates the home chat message %#', async (payload, errors) => {
    const res = await post('/api/contact/chat', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'validation_failed', errors });
  });

  it.each(['/api/contact', '/api/contact/chat'])('limits %s to 5 an hour per IP', async (url) => {
    const ip = freshIp();
    for (let i = 0; i < 5; i += 1) expect((await post(url, valid, ip)).statusCode).toBe(200);
    const sixth = await post(url, valid, ip);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toEqual({ message: 'too_many_requests' });
    expect((await post(url, valid, freshIp())).statusCode).toBe(200);
  });
});
