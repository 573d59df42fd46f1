import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type {
  ServerRenderCall,
  ServerRenderedPage,
  ServerRenderer,
  ServerRenderTransport,
} from '@papo/contract/server-render';
import type { FromRenderThread, RenderWorkerData, ToRenderThread } from './render-worker.js';

/*
 * The node's render threads (decision 048): a page's React render runs on one of them, so however many renders the
 * budget admits, the event loop stays with answers (kept pages, the API, the chat). How many renders may be under way
 * at once is bounded where they start (ssr/page-cache.ts, `maxRenders`: past it the browser renders the page), so the
 * threads' queue is bounded too.
 */

/** The threads: one on two cores, so one core stays with the event loop; two where there are more. */
const renderThreadCount = Math.max(1, Math.min(2, availableParallelism() - 1));

export interface RenderPool {
  /** The renderer's `render`, run on a render thread; the calls to `api` are made here, on the node's thread. */
  render: ServerRenderer['render'];
  /** Starts the first thread, if no render has, so the first page asked does not wait for it to load. */
  warm(): void;
  /** Renders under way on each thread (a thread not started counts none). */
  load(): number[];
  /** Stops the threads; renders under way fail. */
  close(): Promise<void>;
}

interface Thread {
  worker: Worker;
  renders: Map<
    number,
    { api: ServerRenderTransport; resolve: (page: ServerRenderedPage | null) => void; reject: (error: Error) => void }
  >;
}

/** Render threads over the web build's renderer at `entry` (a file URL), each started on its first render. */
export function createRenderPool(entry: string, threadCount = renderThreadCount): RenderPool {
  const threads: (Thread | undefined)[] = Array.from({ length: threadCount }, () => undefined);
  let nextId = 0;
  let closed = false;

  const answerCall = async (thread: Thread, message: Extract<FromRenderThread, { type: 'call' }>) => {
    const render = thread.renders.get(message.id);
    const reply = (answer: ToRenderThread) => thread.worker.postMessage(answer);
    if (!render) return reply({ type: 'answer', call: message.call, error: 'the render is over' });
    const init: ServerRenderCall = {
      headers: message.headers,
      ...(message.method === undefined ? {} : { method: message.method }),
      ...(message.body === undefined ? {} : { body: message.body }),
    };
    try {
      const answer = await render.api(message.path, init);
      reply({ type: 'answer', call: message.call, status: answer.status, body: await answer.text() });
    } catch (error) {
      reply({ type: 'answer', call: message.call, error: error instanceof Error ? error.message : String(error) });
    }
  };

  function start(index: number): Thread {
    const worker = new Worker(new URL('./render-worker.mjs', import.meta.url), {
      name: `page-render-${index + 1}`,
      workerData: { entry } satisfies RenderWorkerData,
    });
    // the threads never keep the process alive; a node stops when its server does.
    worker.unref();
    const thread: Thread = { worker, renders: new Map() };
    const failAll = (error: Error) => {
      for (const render of thread.renders.values()) render.reject(error);
      thread.renders.clear();
    };
    worker.on('message', (message: FromRenderThread) => {
      if (message.type === 'call') return void answerCall(thread, message);
      const render = thread.renders.get(message.id);
      thread.renders.delete(message.id);
      if (message.type === 'rendered') render?.resolve(message.page);
      else render?.reject(new Error(message.error));
    });
    worker.on('error', failAll);
    worker.on('exit', (code) => {
      if (threads[index] === thread) threads[index] = undefined;
      failAll(new Error(`render thread stopped (exit ${code})`));
    });
    threads[index] = thread;
    return thread;
  }

  /** The thread with the fewest renders under way, started if it is not. */
  function leastBusy(): Thread {
    let chosen = 0;
    for (let index = 1; index < threads.length; index += 1)
      if ((threads[index]?.renders.size ?? 0) < (threads[chosen]?.renders.size ?? 0)) chosen = index;
    return threads[chosen] ?? start(chosen);
  }

  return {
    render({ url, origin, cookie, api }) {
      if (closed) return Promise.reject(new Error('the render threads are closed'));
      const thread = leastBusy();
      const id = nextId++;
      return new Promise((resolve, reject) => {
        thread.renders.set(id, { api, resolve, reject });
        thread.worker.postMessage({ type: 'render', id, url, origin, cookie } satisfies ToRenderThread);
      });
    },
    warm() {
      if (!closed) threads[0] ??= start(0);
    },
    load: () => threads.map((thread) => thread?.renders.size ?? 0),
    async close() {
      closed = true;
      await Promise.all(threads.map((thread) => thread?.worker.terminate()));
    },
  };
}
