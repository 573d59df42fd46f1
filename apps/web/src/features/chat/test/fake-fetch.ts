import { vi } from 'vitest';

/** One request as the server would read it. */
export interface RecordedCall {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
}

export interface Reply {
  status: number;
  body?: unknown;
}

type Handler = (call: RecordedCall) => Reply | Promise<Reply>;

/**
 * Stubs `fetch` at the API boundary: each request goes to the handler for `METHOD /path` (or
 * `/path` for any method); anything else answers 404. Returns the recorded calls.
 */
export function stubApi(handlers: Record<string, Handler>): RecordedCall[] {
  const calls: RecordedCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      const raw = typeof init?.body === 'string' ? init.body : undefined;
      const call: RecordedCall = {
        method,
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        body: raw === undefined ? undefined : JSON.parse(raw),
      };
      calls.push(call);
      const handler = handlers[`${method} ${url.pathname}`] ?? handlers[url.pathname];
      const reply = handler ? await handler(call) : { status: 404, body: { message: 'not_found' } };
      return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
        status: reply.status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return calls;
}

/** A 2xx JSON answer. */
export const ok = (body: unknown = {}): Reply => ({ status: 200, body });
/** A chat error answer as the server sends it. */
export const refused = (status: number, message: string): Reply => ({ status, body: { status: 'error', message } });
