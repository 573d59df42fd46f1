import { vi } from 'vitest';

export interface Call {
  method: string;
  path: string;
  body: unknown;
}

type Handler = (call: Call) => Response | Promise<Response>;

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status });
}

function parseBody(body: BodyInit | null | undefined): unknown {
  if (typeof body !== 'string') return body ?? null;
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
}

/**
 * Stubs fetch with answers per `METHOD /path` (query string ignored), records every call, and answers
 * 404 for anything else, the way the server answers an unknown API path.
 */
export function fakeApi(handlers: Record<string, Handler>) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const call = { method: init?.method ?? 'GET', path: url, body: parseBody(init?.body) };
      calls.push(call);
      const handler = handlers[`${call.method} ${url.split('?')[0]}`];
      return handler ? handler(call) : json(404, { message: 'not_found' });
    }),
  );
  return { calls, callsTo: (path: string) => calls.filter((call) => call.path.split('?')[0] === path) };
}
