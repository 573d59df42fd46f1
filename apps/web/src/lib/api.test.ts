import { describe, expect, it, vi } from 'vitest';
import i18n from 'i18next';
import { apiRoute, browserRoute, multipartBody, rawAnswer } from '@papo/contract/api-route';
import { nicknameRoutes } from '@papo/contract/browser-routes/profile';
import { z } from 'zod';
import { api, ApiError, errorText, messageText, routePath } from './api';

/** A member's call of any path with any JSON body, for what the client does whatever the route. */
const anyCall = browserRoute(
  apiRoute({ method: 'POST', path: '/api/:name', body: z.unknown(), answer: rawAnswer, auth: 'member' }),
);
/** A public form call, for a body sent form-encoded and without a token. */
const formCall = browserRoute(
  apiRoute({
    method: 'POST',
    path: '/api/contact',
    body: z.object({ name: z.string() }),
    formBody: true,
    answer: rawAnswer,
    auth: 'public',
  }),
);

function answer(status: number, body: unknown) {
  return vi.fn(
    async (_url: string, _init?: RequestInit) =>
      new Response(body === undefined ? null : JSON.stringify(body), { status }),
  );
}

describe('api client', () => {
  it('sends JSON with the bearer token of the session and parses the answer', async () => {
    localStorage.setItem('user', JSON.stringify({ token: 'a.b.c' }));
    const fetchMock = answer(200, { ok: true });
    vi.stubGlobal('fetch', fetchMock);
    await expect(api(anyCall, { params: { name: 'thing' }, body: { a: 1 } })).resolves.toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/thing');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"a":1}');
    const headers = new Headers(init?.headers);
    expect(headers.get('Authorization')).toBe('Bearer a.b.c');
    expect(headers.get('Content-Type')).toBe('application/json');
  });

  it('sends form data without the token when asked', async () => {
    localStorage.setItem('user', JSON.stringify({ token: 'a.b.c' }));
    const fetchMock = answer(200, {});
    vi.stubGlobal('fetch', fetchMock);
    await api(formCall, { body: { name: 'Ana' } });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.body).toBeInstanceOf(URLSearchParams);
    expect(new Headers(init?.headers).has('Authorization')).toBe(false);
  });

  it('throws ApiError with the status, message key and field errors', async () => {
    vi.stubGlobal('fetch', answer(400, { message: 'validation_failed', errors: { email: ['invalid_email'] } }));
    const error = await api(anyCall, { params: { name: 'x' }, body: {} }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, message: 'validation_failed', errors: { email: ['invalid_email'] } });
  });

  it('reports a body-less failure and an unreachable server with keys of their own', async () => {
    vi.stubGlobal('fetch', answer(502, undefined));
    await expect(api(anyCall, { params: { name: 'x' }, body: {} })).rejects.toMatchObject({
      status: 502,
      message: 'request_failed',
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('offline'))),
    );
    await expect(api(anyCall, { params: { name: 'x' }, body: {} })).rejects.toMatchObject({
      status: 0,
      message: 'network_error',
    });
  });

  it('translates known message keys and falls back to a generic sentence', () => {
    const t = i18n.t.bind(i18n);
    expect(errorText(t, new ApiError(0, 'network_error'))).toMatch(/servidor/);
    expect(errorText(t, new ApiError(418, 'some_unknown_key'))).toBe('Algo deu errado. Tente novamente.');
    expect(errorText(t, new Error('boom'))).toBe('Algo deu errado. Tente novamente.');
  });

  it('words a key in the feature’s own text, else the shared one, else the generic sentence — never the raw key', () => {
    const t = i18n.t.bind(i18n);
    expect(messageText(t, 'banned', 'chatErrors')).toBe('você está banido deste canal.');
    expect(messageText(t, 'block_not_found', 'chatErrors')).toBe('Você não bloqueou este membro.');
    expect(errorText(t, new ApiError(404, 'block_not_found'), 'pvt.errors')).toBe('Você não bloqueou este membro.');
    expect(messageText(t, 'some_unknown_key', 'chatErrors')).toBe('Algo deu errado. Tente novamente.');
  });
});

describe('api: calls from the route table', () => {
  const search = browserRoute(
    apiRoute({
      method: 'GET',
      path: '/api/things/:kind/:id(\\d+)',
      query: z.object({ q: z.string(), page: z.number().optional(), tag: z.string().optional() }),
      answer: z.object({ names: z.array(z.string()) }),
      auth: 'public',
    }),
  );
  const contact = browserRoute(
    apiRoute({
      method: 'POST',
      path: '/api/contact',
      body: z.object({ name: z.string(), age: z.number().optional() }),
      formBody: true,
      answer: z.object({ message: z.string() }),
      auth: 'public',
    }),
  );
  const upload = browserRoute(
    apiRoute({ method: 'POST', path: '/api/up', body: multipartBody, answer: rawAnswer, auth: 'staff' }),
  );

  it('builds the path from encoded parameters and the query in the schema’s key order, skipping undefined', async () => {
    const fetchMock = answer(200, { names: ['a'] });
    vi.stubGlobal('fetch', fetchMock);
    const names: string[] = (
      await api(search, { params: { kind: 'a b/c', id: 7 }, query: { tag: 'x&y', page: undefined, q: 'é' } })
    ).names;
    expect(names).toEqual(['a']);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/things/a%20b%2Fc/7?q=%C3%A9&tag=x%26y');
    expect(init?.method).toBe('GET');
    expect(init?.body).toBeUndefined();
  });

  it('sends the method and JSON body of the definition, and the session token', async () => {
    localStorage.setItem('user', JSON.stringify({ token: 'a.b.c' }));
    const fetchMock = answer(200, { message: 'nickname_removed', id: 3 });
    vi.stubGlobal('fetch', fetchMock);
    await expect(api(nicknameRoutes.remove, { params: { id: 3 } })).resolves.toEqual({
      message: 'nickname_removed',
      id: 3,
    });
    await api(nicknameRoutes.add, { body: { nickname: 'Lua' } });
    const [removeUrl, removeInit] = fetchMock.mock.calls[0] ?? [];
    expect(removeUrl).toBe('/api/nicknames/3');
    expect(removeInit?.method).toBe('DELETE');
    const [addUrl, addInit] = fetchMock.mock.calls[1] ?? [];
    expect(addUrl).toBe('/api/nicknames');
    expect(addInit?.method).toBe('POST');
    expect(addInit?.body).toBe('{"nickname":"Lua"}');
    expect(new Headers(addInit?.headers).get('Authorization')).toBe('Bearer a.b.c');
  });

  it('form-encodes a formBody route and sends an upload’s form data as it is', async () => {
    const fetchMock = answer(200, { message: 'ok' });
    vi.stubGlobal('fetch', fetchMock);
    await api(contact, { body: { name: 'Ana', age: 30 }, auth: false });
    const form = fetchMock.mock.calls[0]?.[1]?.body;
    expect(form).toBeInstanceOf(URLSearchParams);
    expect(String(form)).toBe('name=Ana&age=30');
    const data = new FormData();
    data.set('file', new Blob(['x']), 'x.txt');
    await api(upload, { body: data });
    expect(fetchMock.mock.calls[1]?.[1]?.body).toBe(data);
  });

  it('throws ApiError with the server’s key and field keys, as any call does', async () => {
    vi.stubGlobal('fetch', answer(400, { message: 'validation_failed', errors: { nickname: ['invalid_nickname'] } }));
    await expect(api(nicknameRoutes.add, { body: { nickname: '!' } })).rejects.toMatchObject({
      status: 400,
      message: 'validation_failed',
      errors: { nickname: ['invalid_nickname'] },
    });
  });

  it('names every parameter of a path, and refuses a path whose parameter is missing', () => {
    expect(routePath('/api/a/:id(\\d+)/b/:slug', { id: 1, slug: 'x y' })).toBe('/api/a/1/b/x%20y');
    expect(() => routePath('/api/a/:id', {})).toThrow(/:id/);
  });

  it('holds the input and the answer to the route at compile time', () => {
    const calls = () => {
      // @ts-expect-error a path parameter is required
      void api(nicknameRoutes.remove);
      // @ts-expect-error the body's keys are the schema's
      void api(nicknameRoutes.add, { body: { name: 'Lua' } });
      // @ts-expect-error the answer is the schema's output
      void api(nicknameRoutes.list).then((answer) => answer.nicknames[0]?.missing);
    };
    expect(calls).toBeTypeOf('function');
  });
});
