import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/app.js';
import { httpError, parseBody, parseQuery, parseRequestQuery, toErrorReply } from './http-error.js';

describe('the error handler', () => {
  let t: TestApp;
  const logged: unknown[] = [];
  beforeAll(async () => {
    t = await buildTestApp();
    t.app.post('/api/test/echo', async (request) =>
      parseBody(z.object({ name: z.string().min(2, 'too_short') }), request.body),
    );
    t.app.get('/api/test/query', async (request) =>
      parseQuery(z.object({ page: z.coerce.number().int() }), request.query),
    );
    t.app.get('/api/test/forbidden', async () => {
      throw httpError(403, 'not_channel_operator');
    });
    t.app.get('/api/test/crash', async () => {
      throw new Error('secret table users_password_hash is corrupt');
    });
    t.app.get('/api/test/limited', { config: { rateLimit: { max: 1, timeWindow: 60_000 } } }, async () => ({
      ok: true,
    }));
    t.app.addHook('onError', async (_request, _reply, error) => {
      logged.push(error);
    });
  });
  afterAll(() => t.close());

  const post = (payload: string, contentType = 'application/json') =>
    t.app.inject({ method: 'POST', url: '/api/test/echo', payload, headers: { 'content-type': contentType } });

  it('answers 400 invalid_json for a malformed or empty JSON body', async () => {
    for (const body of ['{"name":', '']) {
      const res = await post(body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'invalid_json' });
    }
  });

  it('answers 400 validation_failed with per-field keys from parseBody and parseQuery', async () => {
    const res = await post('{"name":"a"}');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'validation_failed', errors: { name: ['too_short'] } });
    const query = await t.app.inject({ method: 'GET', url: '/api/test/query?page=x' });
    expect(query.json()).toEqual({ message: 'validation_failed', errors: { page: ['invalid_type'] } });
    expect((await post('{"name":"ana"}')).json()).toEqual({ name: 'ana' });
  });

  it('answers 413 payload_too_large and 415 unsupported_media_type', async () => {
    const big = await post(JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) }));
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ message: 'payload_too_large' });
    const xml = await post('<a/>', 'application/xml');
    expect(xml.statusCode).toBe(415);
    expect(xml.json()).toEqual({ message: 'unsupported_media_type' });
  });

  it('answers 429 too_many_requests past a route limit', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/test/limited' })).statusCode).toBe(200);
    const res = await t.app.inject({ method: 'GET', url: '/api/test/limited' });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ message: 'too_many_requests' });
  });

  it('passes an httpError through as status and key', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/forbidden' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'not_channel_operator' });
  });

  it('hides the details of an unexpected error behind 500 internal_error', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/crash' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'internal_error' });
    expect(res.body).not.toContain('secret');
    expect(logged.some((e) => e instanceof Error && e.message.includes('corrupt'))).toBe(true);
  });

  it('answers 404 not_found for an unknown /api path with any method', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await t.app.inject({ method, url: '/api/x', headers: { accept: 'text/html' } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'not_found' });
    }
  });

  it('answers 400 bad_request for a malformed URL', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/company/%E0%A4%A' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'bad_request' });
  });
});

describe('toErrorReply', () => {
  it('maps client errors by status when the code is unknown, and anything else to 500', () => {
    expect(toErrorReply(Object.assign(new Error('x'), { statusCode: 405 }))).toEqual({
      status: 405,
      body: { message: 'method_not_allowed' },
    });
    expect(toErrorReply(Object.assign(new Error('x'), { statusCode: 418 }))).toEqual({
      status: 418,
      body: { message: 'bad_request' },
    });
    expect(toErrorReply(Object.assign(new Error('x'), { statusCode: 502 }))).toEqual({
      status: 500,
      body: { message: 'internal_error' },
    });
    expect(toErrorReply('thrown string')).toEqual({ status: 500, body: { message: 'internal_error' } });
  });
});

describe('parseRequestQuery', () => {
  let t: TestApp;
  let parses = 0;
  const schema = z.object({
    page: z.coerce
      .number()
      .int()
      .min(1, 'invalid_page')
      .transform((page) => {
        parses += 1;
        return page;
      }),
  });
  beforeAll(async () => {
    t = await buildTestApp();
    t.app.get('/api/test/kept-query', async (request) => {
      const query = parseRequestQuery(schema, request);
      return { page: query.page, frozen: Object.isFrozen(query) };
    });
  });
  afterAll(() => t.close());
  const get = (query: string) => t.app.inject({ method: 'GET', url: `/api/test/kept-query${query}` });

  it('answers each valid query string as parseQuery does, parsing it once, and keeps the answer frozen', async () => {
    const first = await get('?page=2');
    expect(first.json()).toEqual({ page: 2, frozen: true });
    const before = parses;
    expect((await get('?page=2')).json()).toEqual({ page: 2, frozen: true });
    expect(parses).toBe(before);
    expect((await get('?page=3')).json()).toEqual({ page: 3, frozen: true });
    expect(parses).toBe(before + 1);
  });

  it('answers an invalid query 400 with its field key every time, keeping nothing', async () => {
    for (let i = 0; i < 2; i += 1) {
      const res = await get('?page=0');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: 'validation_failed', errors: { page: ['invalid_page'] } });
    }
  });

  it('stays right past the number of query strings it keeps', async () => {
    for (let page = 1; page <= 600; page += 1) expect((await get(`?page=${page}`)).json()).toMatchObject({ page });
    expect((await get('?page=2')).json()).toMatchObject({ page: 2 });
  });
});
