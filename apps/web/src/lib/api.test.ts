import { describe, expect, it, vi } from 'vitest';
import i18n from 'i18next';
import { ApiError, apiFetch, errorText, messageText } from './api';

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
    await expect(apiFetch('/api/thing', { json: { a: 1 }, query: { page: 2, skip: undefined } })).resolves.toEqual({
      ok: true,
    });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/thing?page=2');
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
    await apiFetch('/api/contact', { form: { name: 'Ana' }, auth: false });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.body).toBeInstanceOf(URLSearchParams);
    expect(new Headers(init?.headers).has('Authorization')).toBe(false);
  });

  it('throws ApiError with the status, message key and field errors', async () => {
    vi.stubGlobal('fetch', answer(400, { message: 'validation_failed', errors: { email: ['invalid_email'] } }));
    const error = await apiFetch('/api/x').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, message: 'validation_failed', errors: { email: ['invalid_email'] } });
  });

  it('reports a body-less failure and an unreachable server with keys of their own', async () => {
    vi.stubGlobal('fetch', answer(502, undefined));
    await expect(apiFetch('/api/x')).rejects.toMatchObject({ status: 502, message: 'request_failed' });
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('offline'))),
    );
    await expect(apiFetch('/api/x')).rejects.toMatchObject({ status: 0, message: 'network_error' });
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
