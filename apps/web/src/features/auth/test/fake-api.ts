import { mockApi } from '../../../test/fake-api';

export interface Call {
  method: string;
  path: string;
  body: unknown;
}

type Handler = (call: Call) => Response | Promise<Response>;

/**
 * Stubs fetch with answers per `METHOD /path` (query string ignored), records every call, and answers
 * 404 for anything else, the way the server answers an unknown API path.
 */
export function fakeApi(handlers: Record<string, Handler>) {
  const calls: Call[] = [];
  mockApi((url, _init, recorded) => {
    const call = { method: recorded.method, path: `${url.pathname}${url.search}`, body: recorded.body };
    calls.push(call);
    return handlers[`${call.method} ${url.pathname}`]?.(call);
  });
  return { calls, callsTo: (path: string) => calls.filter((call) => call.path.split('?')[0] === path) };
}
