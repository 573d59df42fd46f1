import { readlinkSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { isRecord } from '@papo/contract/records';
import type { ServerRenderAnswer, ServerRenderedPage, ServerRenderer } from '@papo/contract/server-render';

/*
 * A render thread (decision 048): it loads the web build's server renderer and renders the pages the node asks for,
 * so React's CPU work never holds the node's event loop. The API calls a render makes come back to the node as
 * messages and are answered there through its router (ssr/transport.ts): the same routes, limits and caches a
 * browser's calls get. Started through render-worker.mjs (see there) by ssr/render-pool.ts.
 */

/** What the thread is started with: the URL of the web build's `ssr/entry-server.js`. */
export interface RenderWorkerData {
  entry: string;
}

/** From the node: render a page, or the answer to one of a render's API calls. */
export type ToRenderThread =
  | { type: 'render'; id: number; url: string; origin: string; cookie: string }
  | { type: 'answer'; call: number; status: number; body: string }
  | { type: 'answer'; call: number; error: string };

/** To the node: an API call of render `id`, or the render's outcome. */
export type FromRenderThread =
  | {
      type: 'call';
      id: number;
      call: number;
      path: string;
      method?: string;
      headers: [string, string][];
      body?: string;
    }
  | { type: 'rendered'; id: number; page: ServerRenderedPage | null }
  | { type: 'failed'; id: number; error: string };

/** How much nicer a render thread is than the node's event loop (Linux's niceness, at most 19). */
const renderNiceness = 10;

/**
 * Lowers this thread's priority, not the process's: where the cores are busy, the event loop gets the CPU first and
 * renders take what is left, so a storm of renders slows the renders, not the answers. Linux names a thread by its id
 * under /proc/thread-self and `setpriority` takes it; elsewhere the thread keeps the process's priority.
 */
function yieldToTheEventLoop(): void {
  try {
    const thread = Number(readlinkSync('/proc/thread-self').split('/').pop());
    // a new thread starts at its process's niceness, which `getPriority()` reads from the thread asking.
    setPriority(thread, Math.min(19, getPriority() + renderNiceness));
  } catch {
    // no /proc (macOS, Windows): renders run at the node's priority there.
  }
}

/** The part of the renderer a thread calls (the node checked the whole module when it loaded it: ssr/renderer.ts). */
function rendersPages(module: unknown): module is Pick<ServerRenderer, 'render'> {
  return isRecord(module) && typeof module.render === 'function';
}

const port = parentPort;
if (!port) throw new Error('render-worker runs only as a worker thread');
const started: unknown = workerData;
if (!isRecord(started) || typeof started.entry !== 'string')
  throw new Error('render-worker needs the renderer to load');
const renderer: unknown = await import(started.entry);
if (!rendersPages(renderer)) throw new Error(`${started.entry} is not the web build's server renderer`);
// lowered once the renderer is loaded: a thread started on a busy machine is ready in the time its node's
// priority gives it, and only the renders wait behind the event loop.
yieldToTheEventLoop();

/** An answer as the web's API client reads it (`ServerRenderAnswer`). */
const answerOf = (status: number, body: string): ServerRenderAnswer => ({
  status,
  ok: status >= 200 && status < 300,
  text: () => Promise.resolve(body),
});

let nextCall = 0;
const calls = new Map<number, { resolve(answer: ServerRenderAnswer): void; reject(error: Error): void }>();
const send = (message: FromRenderThread) => port.postMessage(message);

/**
 * The render's API, answered by the node: the call's method, headers and text body go there, and its status and text
 * come back (all the web's API client reads of an answer).
 */
const apiOf =
  (id: number): Parameters<ServerRenderer['render']>[0]['api'] =>
  (path, init) =>
    new Promise((resolve, reject) => {
      const call = nextCall++;
      calls.set(call, { resolve, reject });
      send({
        type: 'call',
        id,
        call,
        path,
        method: init.method,
        headers: [...(init.headers ?? [])],
        ...(typeof init.body === 'string' ? { body: init.body } : {}),
      });
    });

port.on('message', (message: ToRenderThread) => {
  if (message.type === 'answer') {
    const waiting = calls.get(message.call);
    calls.delete(message.call);
    if ('error' in message) waiting?.reject(new Error(message.error));
    else waiting?.resolve(answerOf(message.status, message.body));
    return;
  }
  const { id, url, origin, cookie } = message;
  renderer.render({ url, origin, cookie, api: apiOf(id) }).then(
    (page) => send({ type: 'rendered', id, page }),
    (error: unknown) =>
      send({ type: 'failed', id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
  );
});
