import { vi } from 'vitest';
import type { ApiAnswers, ApiRefusal } from './api-answers';

/**
 * A fake answer that remembers, in its type only, the body it carries: a route typed by `ApiAnswers` accepts
 * only answers of the contract's shape (or a refusal), so a wrong shape fails typecheck.
 */
export type JsonResponse<T> = Response & { readonly __body?: T };

export function json<T>(status: number, body: T): JsonResponse<T> {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** One request the screen sent, as the server would read it. */
export interface Call {
  method: string;
  url: URL;
  init: RequestInit;
  /** The JSON body, parsed; a FormData or no body as is. */
  body: unknown;
}

/**
 * Answers one request (a promise holds the answer back until the test lets it go), or leaves it to the next route;
 * `call` is the request as recorded.
 */
export type Route = (url: URL, init: RequestInit, call: Call) => Response | undefined | Promise<Response | undefined>;

function parseBody(body: RequestInit['body']): unknown {
  if (typeof body !== 'string') return body ?? null;
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return body;
  }
}

/**
 * The one fake server of the web tests: stubs `fetch` at the API client's boundary; the first route that answers
 * wins and anything else is a 404, as the server answers an unknown path (so the layout's optional calls do not
 * disturb the screen under test). Every call is recorded.
 */
export function mockApi(...routes: Route[]) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: string | URL | Request, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://papo.test');
    const call = { method: init.method ?? 'GET', url, init, body: parseBody(init.body) };
    calls.push(call);
    for (const route of routes) {
      const answer = await route(url, init, call);
      if (answer) return answer;
    }
    return json(404, { message: 'not_found' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    /** The calls to `pathname` (any method), or to `method pathname`. */
    calls(...args: [pathname: string] | [method: string, pathname: string]): Call[] {
      const [method, pathname] = args.length === 1 ? [undefined, args[0]] : args;
      return calls.filter((call) => call.url.pathname === pathname && (method === undefined || call.method === method));
    },
    /** Every call's path and query, in order. */
    paths: () => calls.map((call) => `${call.url.pathname}${call.url.search}`),
  };
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type RouteKey<M extends Method, P extends string> = `${M} ${P}` & keyof ApiAnswers;
type Answer<T> = JsonResponse<T | ApiRefusal> | undefined | Promise<JsonResponse<T | ApiRefusal> | undefined>;

/**
 * Answers `method pathname` (query ignored) with what `answer` makes of the request (undefined: the next route
 * answers); the answer's body must have the shape `ApiAnswers` gives that call, or be a refusal.
 */
export function route<M extends Method, P extends string>(
  method: M,
  pathname: P & (`${M} ${P}` extends keyof ApiAnswers ? P : never),
  answer: (url: URL, init: RequestInit) => Answer<ApiAnswers[RouteKey<M, P>]>,
): Route {
  return (url, init) =>
    url.pathname === pathname && (init.method ?? 'GET') === method ? answer(url, init) : undefined;
}
