import { json, mockApi } from '../../../test/fake-api';

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
  mockApi(async (url, _init, recorded) => {
    const call: RecordedCall = {
      method: recorded.method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      body: recorded.body ?? undefined,
    };
    calls.push(call);
    const handler = handlers[`${call.method} ${url.pathname}`] ?? handlers[url.pathname];
    if (!handler) return undefined;
    const reply = await handler(call);
    return reply.body === undefined ? new Response(null, { status: reply.status }) : json(reply.status, reply.body);
  });
  return calls;
}

/** A 2xx JSON answer. */
export const ok = (body: unknown = {}): Reply => ({ status: 200, body });
/** A chat error answer as the server sends it. */
export const refused = (status: number, message: string): Reply => ({ status, body: { status: 'error', message } });
