import { apiRoute, multipartBody, rawAnswer } from '@papo/contract/api-route';
import { isRecord } from '@papo/contract/records';
import Fastify, { type FastifyInstance } from 'fastify';
import { z } from 'zod';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/app.js';
import { describeEachDialect } from '../test/db.js';
import { multipartBody as multipartOf } from '../test/multipart.js';
import { buildUser, personas, type TestUser } from '../test/users.js';
import { receiveForm, serve } from './api-route.js';

const id = z.object({ id: z.coerce.number().int().positive('invalid_id') });
const routes = {
  member: apiRoute({
    method: 'POST',
    path: '/api/test/serve/:id',
    params: id,
    query: z.object({ mode: z.enum(['a', 'b'], 'invalid_mode').optional() }),
    body: z.object({ name: z.string('name_required').min(1, 'name_required') }),
    answer: z.object({ message: z.literal('saved'), id: z.number(), name: z.string(), by: z.string() }),
    status: 201,
    auth: 'member',
  }),
  staff: apiRoute({
    method: 'GET',
    path: '/api/test/serve-staff',
    answer: z.object({ who: z.string() }),
    auth: 'staff',
  }),
  found: apiRoute({
    method: 'GET',
    path: '/api/test/serve-found/:id',
    params: id,
    paramsError: { id: { status: 404, key: 'article_not_found' } },
    answer: z.object({ id: z.number() }),
    auth: 'public',
  }),
  pair: apiRoute({
    method: 'GET',
    path: '/api/test/serve-pair/:id/revisions/:revision',
    params: id.extend({ revision: z.coerce.number().int().positive('invalid_revision') }),
    paramsError: { revision: { status: 404, key: 'revision_not_found' } },
    answer: z.object({ id: z.number(), revision: z.number() }),
    auth: 'public',
  }),
  kept: apiRoute({
    method: 'GET',
    path: '/api/test/serve-kept',
    query: z.object({ page: z.coerce.number().int().min(1, 'invalid_page').default(1) }),
    keptQuery: true,
    answer: z.object({ page: z.number(), same: z.boolean(), frozen: z.boolean() }),
    auth: 'public',
  }),
  raw: apiRoute({ method: 'GET', path: '/api/test/serve-raw', answer: rawAnswer, auth: 'public' }),
  upload: apiRoute({
    method: 'POST',
    path: '/api/test/serve-upload',
    body: multipartBody,
    answer: z.object({ parsed: z.boolean() }),
    auth: 'staff',
  }),
  form: apiRoute({
    method: 'POST',
    path: '/api/test/serve-form',
    body: z.object({ name: z.string('name_required').min(1, 'name_required') }),
    formBody: true,
    answer: z.object({ message: z.literal('sent'), name: z.string().optional() }),
    auth: 'public',
  }),
  fields: apiRoute({
    method: 'POST',
    path: '/api/test/serve-fields',
    body: multipartBody,
    answer: z.object({ position: z.number(), bytes: z.number() }),
    auth: 'public',
  }),
};

const positionFields = z.object({ position: z.coerce.number().int().min(0, 'invalid_position') });

describeEachDialect('serve: routes registered from their contract definition', (dialect) => {
  let t: TestApp;
  let member: TestUser;
  let moderator: TestUser;
  const order: string[] = [];
  let lastKept: unknown;
  let handled = 0;

  beforeAll(async () => {
    t = await buildTestApp({ dialect });
    member = await buildUser(t.app, { username: 'servemember' });
    moderator = await buildUser(t.app, { username: 'servemod', roles: personas.moderator });
    serve(t.app, routes.member, ({ params, query, body, user, reply }) => {
      void reply.header('x-mode', query.mode ?? 'none');
      return { message: 'saved', id: params.id, name: body.name, by: user.username };
    });
    serve(t.app, routes.staff, ({ user }) => ({ who: user.username }), {
      preHandler: async () => {
        order.push('preHandler');
      },
    });
    serve(t.app, routes.found, ({ params }) => ({ id: params.id }));
    serve(t.app, routes.pair, ({ params }) => params);
    serve(t.app, routes.kept, ({ query }) => {
      const same = query === lastKept;
      lastKept = query;
      return { page: query.page, same, frozen: Object.isFrozen(query) };
    });
    serve(t.app, routes.raw, ({ reply }) => reply.type('text/plain').send('plain'));
    serve(t.app, routes.upload, ({ body }) => ({ parsed: body !== undefined }));
    serve(
      t.app,
      routes.form,
      ({ body }) => {
        handled += 1;
        return { message: 'sent', name: body.name };
      },
      {
        // The form's own reading: here its `alias` is what the schema calls `name`.
        readBody: async (request) =>
          isRecord(request.body) ? { name: request.body.alias, trap: request.body.trap } : request.body,
        answerUnparsed: (body) => (isRecord(body) && body.trap ? { message: 'sent' } : undefined),
      },
    );
    serve(t.app, routes.fields, async ({ request }) => {
      const withFile = request.headers['x-file'] === 'yes';
      const { fields, bytes } = withFile
        ? await receiveForm(request, positionFields, { field: 'file', maxBytes: 10 })
        : await receiveForm(request, positionFields);
      return { position: fields.position, bytes: bytes?.length ?? 0 };
    });
  });
  afterAll(() => t.close());

  const post = (url: string, payload: unknown, user?: TestUser) =>
    t.app.inject({
      method: 'POST',
      url,
      payload: JSON.stringify(payload),
      headers: {
        'content-type': 'application/json',
        ...user?.headers,
      },
    });

  it('answers with the route status and hands the handler its parsed parts and the member', async () => {
    const res = await post('/api/test/serve/7?mode=b', { name: 'Ana' }, member);
    expect(res.statusCode).toBe(201);
    expect(res.headers['x-mode']).toBe('b');
    expect(res.json()).toEqual({ message: 'saved', id: 7, name: 'Ana', by: 'servemember' });
  });

  it('refuses a member route without a token before reading the body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/serve/7',
      payload: '{not json',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'JWT Token not found' });
  });

  it('answers 400 validation_failed with the field keys of params, query and body', async () => {
    const badBody = await post('/api/test/serve/7', { name: '' }, member);
    expect(badBody.statusCode).toBe(400);
    expect(badBody.json()).toEqual({ message: 'validation_failed', errors: { name: ['name_required'] } });
    const badParams = await post('/api/test/serve/0', { name: 'Ana' }, member);
    expect(badParams.statusCode).toBe(400);
    expect(badParams.json()).toEqual({ message: 'validation_failed', errors: { id: ['invalid_id'] } });
    const badQuery = await post('/api/test/serve/7?mode=c', { name: 'Ana' }, member);
    expect(badQuery.statusCode).toBe(400);
    expect(badQuery.json()).toEqual({ message: 'validation_failed', errors: { mode: ['invalid_mode'] } });
  });

  it('keeps staff routes to staff: 401 without a token, 403 for a member, then its own pre-handler', async () => {
    order.length = 0;
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/test/serve-staff' });
    expect(anonymous.statusCode).toBe(401);
    const asMember = await t.app.inject({ method: 'GET', url: '/api/test/serve-staff', headers: member.headers });
    expect(asMember.statusCode).toBe(403);
    expect(asMember.json()).toEqual({ message: 'forbidden' });
    expect(order).toEqual([]);
    const asModerator = await t.app.inject({ method: 'GET', url: '/api/test/serve-staff', headers: moderator.headers });
    expect(asModerator.statusCode).toBe(200);
    expect(asModerator.json()).toEqual({ who: 'servemod' });
    expect(order).toEqual(['preHandler']);
  });

  it("answers a route's paramsError for a bad path parameter, and reads no token on a public route", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/serve-found/abc' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'article_not_found' });
    const withBadToken = await t.app.inject({
      method: 'GET',
      url: '/api/test/serve-found/3',
      headers: { authorization: 'Bearer not-a-token' },
    });
    expect(withBadToken.statusCode).toBe(200);
    expect(withBadToken.json()).toEqual({ id: 3 });
  });

  it("answers a bad parameter with its own paramsError, one without with 400, the path's first bad one deciding", async () => {
    const get = (url: string) => t.app.inject({ method: 'GET', url: `/api/test/serve-pair/${url}` });
    expect((await get('3/revisions/7')).json()).toEqual({ id: 3, revision: 7 });
    const badRevision = await get('3/revisions/abc');
    expect(badRevision.statusCode).toBe(404);
    expect(badRevision.json()).toEqual({ message: 'revision_not_found' });
    for (const url of ['abc/revisions/7', 'abc/revisions/abc']) {
      const badId = await get(url);
      expect(badId.statusCode, url).toBe(400);
      expect(badId.json(), url).toMatchObject({ message: 'validation_failed', errors: { id: [expect.any(String)] } });
    }
  });

  it('keeps the parsed query of a keptQuery route per query string, frozen, and still refuses a bad one', async () => {
    const get = (url: string) => t.app.inject({ method: 'GET', url });
    expect((await get('/api/test/serve-kept?page=2')).json()).toMatchObject({ page: 2, frozen: true });
    expect((await get('/api/test/serve-kept?page=2')).json()).toEqual({ page: 2, same: true, frozen: true });
    expect((await get('/api/test/serve-kept?page=3')).json()).toEqual({ page: 3, same: false, frozen: true });
    const bad = await get('/api/test/serve-kept?page=0');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'validation_failed', errors: { page: ['invalid_page'] } });
  });

  it('lets a raw route send its own answer, and leaves an upload body to the handler', async () => {
    const raw = await t.app.inject({ method: 'GET', url: '/api/test/serve-raw' });
    expect(raw.statusCode).toBe(200);
    expect(raw.body).toBe('plain');
    const upload = await post('/api/test/serve-upload', {}, moderator);
    expect(upload.json()).toEqual({ parsed: false });
  });

  it('parses the body a route reads itself, and sends the answer its early look gives without parsing', async () => {
    const sent = await post('/api/test/serve-form', { alias: 'Ana' });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ message: 'sent', name: 'Ana' });
    const bad = await post('/api/test/serve-form', { alias: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'validation_failed', errors: { name: ['name_required'] } });
    handled = 0;
    const trapped = await post('/api/test/serve-form', { alias: '', trap: 'x' });
    expect(trapped.statusCode).toBe(200);
    expect(trapped.json()).toEqual({ message: 'sent' });
    expect(handled).toBe(0);
  });

  it("parses a multipart form's fields with serve's 400s, with its file or without, or the same fields as JSON", async () => {
    const send = (form: ReturnType<typeof multipartOf>, file: boolean) =>
      t.app.inject({
        method: 'POST',
        url: '/api/test/serve-fields',
        payload: form.payload,
        headers: { ...form.headers, 'x-file': file ? 'yes' : 'no' },
      });
    const file = { field: 'file', filename: 'a.bin', type: 'application/octet-stream', data: Buffer.from('abc') };
    const withFile = await send(multipartOf({ fields: { position: '3' }, files: [file] }), true);
    expect(withFile.json()).toEqual({ position: 3, bytes: 3 });
    const fieldsOnly = await send(multipartOf({ fields: { position: '4' } }), false);
    expect(fieldsOnly.json()).toEqual({ position: 4, bytes: 0 });
    const bad = await send(multipartOf({ fields: { position: '-1' }, files: [file] }), true);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'validation_failed', errors: { position: ['invalid_position'] } });
    const json = await post('/api/test/serve-fields', { position: 5 });
    expect(json.json()).toEqual({ position: 5, bytes: 0 });
  });
});

// what `npm run typecheck` holds handlers to; each `@ts-expect-error` fails the typecheck once it is allowed.
it('holds handlers to their routes at compile time', () => {
  const register = (app: FastifyInstance) => {
    // @ts-expect-error the answer's literal is checked, not widened
    serve(app, routes.member, async () => ({ message: 'other', id: 1, name: 'a', by: 'b' }));
    // @ts-expect-error a public route has no member
    serve(app, routes.found, ({ user }) => ({ id: user.userId }));
    // @ts-expect-error a route without a body has none
    serve(app, routes.staff, ({ body }) => ({ who: body.name }));
    // @ts-expect-error an answer missing a key of the schema
    serve(app, routes.kept, ({ query }) => ({ page: query.page }));
  };
  const app = Fastify();
  register(app);
  // A paramsError for a parameter the path lacks is refused when the route is registered.
  const misnamed = apiRoute({
    ...routes.found,
    path: '/api/test/misnamed/:key',
    paramsError: { id: routes.found.paramsError.id },
  });
  expect(() => serve(app, misnamed, () => ({ id: 1 }))).toThrow(/names no parameter/);
  expect(app.hasRoute({ method: 'GET', url: '/api/test/serve-kept' })).toBe(true);
});
