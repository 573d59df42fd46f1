import { AsyncResource } from 'node:async_hooks';
import type { ServerRenderTransport } from '@papo/contract/server-render';
import { isOneOf } from '@papo/contract/one-of';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Headers of the page request that the API calls made while rendering it carry along, as the browser's
 * own calls would: its cookies (a visitor's survey vote), language and agent. Never a bearer token: pages
 * are rendered as a visitor sees them.
 */
const forwarded = ['cookie', 'accept-language', 'user-agent'] as const;

/** The methods the web app's API client calls with. */
const methods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/**
 * Answers the renderer's `/api/…` calls through the app's own router (`inject`), with no socket or
 * second server: the same routes, validation and caching a browser's call gets.
 */
export function injectTransport(app: FastifyInstance, page: FastifyRequest): ServerRenderTransport {
  const headers: Record<string, string> = {};
  for (const name of forwarded) {
    const value = page.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  // bound to the caller's context: the render thread's calls arrive as messages, and the page's load collects
  // what they read (lib/shared-cache.ts) only if they run in its context.
  return AsyncResource.bind(async (url: string, init: Parameters<ServerRenderTransport>[1]) => {
    const requestHeaders = { ...headers, ...Object.fromEntries(init.headers ?? []) };
    const method = init.method ?? 'GET';
    if (!isOneOf(methods, method)) throw new Error(`a page's render called ${url} with ${method}`);
    const answer = await app.inject({
      method,
      url,
      headers: requestHeaders,
      // the visitor's address, so per-address limits and records are theirs, not the server's own.
      remoteAddress: page.ip,
      ...(typeof init.body === 'string' ? { payload: init.body } : {}),
    });
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value === undefined) continue;
      for (const item of Array.isArray(value) ? value : [value]) responseHeaders.append(name, String(item));
    }
    const empty = answer.statusCode === 204 || answer.statusCode === 304;
    return new Response(empty ? null : new Uint8Array(answer.rawPayload), {
      status: answer.statusCode,
      headers: responseHeaders,
    });
  });
}

/**
 * `transport` with each GET answered once: a page's social preview reads the API answer its render then reads (a
 * store, a person, a channel), so a page made anew reads each row once. Made for one page's making and dropped with
 * it, so no answer outlives the page it goes into; a call with a body or another method always goes through.
 */
export function readingOnce(transport: ServerRenderTransport): ServerRenderTransport {
  const answers = new Map<string, Promise<{ status: number; ok: boolean; body: string }>>();
  return (url, init) => {
    if ((init.method ?? 'GET') !== 'GET' || init.body !== undefined) return transport(url, init);
    let read = answers.get(url);
    if (!read) {
      read = transport(url, init).then(async (answer) => ({
        status: answer.status,
        ok: answer.ok,
        body: await answer.text(),
      }));
      answers.set(url, read);
    }
    return read.then(({ status, ok, body }) => ({ status, ok, text: () => Promise.resolve(body) }));
  };
}
