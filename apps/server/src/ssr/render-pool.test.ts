import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ServerRenderCall } from '@papo/contract/server-render';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createRenderPool } from './render-pool.js';

/*
 * The render threads with renderers of their own making (a module exporting what the web build's does): one
 * that holds its thread's CPU as React's render does, one that calls the API, one that fails, one that never ends, one
 * that ends its thread.
 */
const renderer = `
import { appendFileSync, readlinkSync } from 'node:fs';
import { getPriority } from 'node:os';
appendFileSync(new URL('./loaded', import.meta.url), '.');
export function render({ url, api }) {
  const what = new URL(url, 'http://page.invalid');
  if (what.pathname === '/busy') {
    const until = Date.now() + Number(what.searchParams.get('ms'));
    while (Date.now() < until);
    return Promise.resolve(page(url, 'busy'));
  }
  if (what.pathname === '/calls')
    return Promise.all([
      api('/api/one', { method: 'GET', headers: [['accept', 'application/json']] }),
      api('/api/two', { method: 'POST', headers: new Headers({ 'content-type': 'application/json' }), body: '{"n":2}' }),
    ]).then(async ([one, two]) => page(url, [one.status, one.ok, await one.text(), two.status, two.ok, await two.text()].join('|')));
  if (what.pathname === '/priority') {
    const thread = Number(readlinkSync('/proc/thread-self').split('/').pop());
    return Promise.resolve(page(url, String(getPriority(thread) - getPriority(process.pid))));
  }
  if (what.pathname === '/fails') return Promise.reject(new Error('the page broke'));
  if (what.pathname === '/hangs') return new Promise(() => {});
  if (what.pathname === '/exits') process.exit(3);
  return Promise.resolve(null);
}
export const unknownPageUrl = '/_/404';
export const pageInput = (url, cookie) => ({ url, cookie, route: null });
export const pageLanguage = () => 'pt';
const page = (url, html) => ({ status: 200, language: 'pt', html, handover: '{}', modules: [url] });
`;

/** The event loop's longest pause while `work` runs: timers asked every millisecond, and the widest gap between them. */
async function longestPause(work: Promise<unknown>): Promise<number> {
  let last = performance.now();
  let widest = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    widest = Math.max(widest, now - last);
    last = now;
  }, 1);
  try {
    await work;
  } finally {
    clearInterval(timer);
  }
  return Math.max(widest, performance.now() - last);
}

describe('the render threads', () => {
  let folder: string;
  let entry: string;
  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'papo-render-pool-'));
    await writeFile(path.join(folder, 'package.json'), '{ "type": "module" }\n');
    await writeFile(path.join(folder, 'renderer.js'), renderer);
    await writeFile(path.join(folder, 'not-a-renderer.js'), 'export const render = 1;\n');
    entry = pathToFileURL(path.join(folder, 'renderer.js')).href;
  });
  afterAll(async () => {
    await rm(folder, { recursive: true, force: true });
  });
  const noApi = () => Promise.reject(new Error('no call expected'));
  const request = (url: string) => ({ url, origin: 'https://papo.example', cookie: '', api: noApi });

  it("keep a render's CPU off the event loop: 600 ms of rendering leave it free", async () => {
    const pool = createRenderPool(entry, 1);
    try {
      // the thread's start (loading its modules) is not what is measured.
      await pool.render(request('/busy?ms=1'));
      const rendered = pool.render(request('/busy?ms=600'));
      expect(pool.load()).toEqual([1]);
      const pause = await longestPause(rendered);
      expect((await rendered)?.html).toBe('busy');
      // a machine shared with other work pauses any loop now and then; rendered here, the pause would be 600 ms.
      expect(pause).toBeLessThan(300);
      expect(pool.load()).toEqual([0]);
    } finally {
      await pool.close();
    }
  });

  it.runIf(process.platform === 'linux')('render at a lower priority than the event loop', async () => {
    const pool = createRenderPool(entry, 1);
    try {
      expect((await pool.render(request('/priority')))?.html).toBe('10');
    } finally {
      await pool.close();
    }
  });

  it('load a thread ahead of the first render when warmed', async () => {
    const pool = createRenderPool(entry, 2);
    const loaded = path.join(folder, 'loaded');
    await rm(loaded, { force: true });
    try {
      pool.warm();
      pool.warm();
      await vi.waitFor(() => expect(readFileSync(loaded, 'utf8')).toBe('.'), { timeout: 30_000, interval: 50 });
      expect(pool.load()).toEqual([0, 0]);
    } finally {
      await pool.close();
    }
  });

  it("answer a render's API calls on the node's thread, with the call's method, headers and body", async () => {
    const pool = createRenderPool(entry, 1);
    const calls: { path: string; init: ServerRenderCall }[] = [];
    try {
      const page = await pool.render({
        ...request('/calls'),
        api: (path, init) => {
          calls.push({ path, init });
          return Promise.resolve(
            path === '/api/one' ? new Response('{"one":1}', { status: 200 }) : new Response('', { status: 404 }),
          );
        },
      });
      expect(page?.html).toBe('200|true|{"one":1}|404|false|');
      expect(calls).toEqual([
        { path: '/api/one', init: { method: 'GET', headers: [['accept', 'application/json']] } },
        {
          path: '/api/two',
          init: { method: 'POST', headers: [['content-type', 'application/json']], body: '{"n":2}' },
        },
      ]);
    } finally {
      await pool.close();
    }
  });

  it('spread renders over the threads, the least busy first', async () => {
    const pool = createRenderPool(entry, 2);
    try {
      const renders = [300, 300, 300].map((ms) => pool.render(request(`/busy?ms=${ms}`)));
      expect(pool.load()).toEqual([2, 1]);
      await Promise.all(renders);
      expect(pool.load()).toEqual([0, 0]);
    } finally {
      await pool.close();
    }
  });

  it('fail a render that fails, and every render of a thread that stops; the next render starts a new thread', async () => {
    const pool = createRenderPool(entry, 1);
    try {
      await expect(pool.render(request('/fails'))).rejects.toThrow('the page broke');
      const behind = pool.render(request('/hangs'));
      await expect(pool.render(request('/exits'))).rejects.toThrow('render thread stopped (exit 3)');
      await expect(behind).rejects.toThrow('render thread stopped');
      expect(await pool.render(request('/nothing'))).toBeNull();
    } finally {
      await pool.close();
    }
    await expect(pool.render(request('/nothing'))).rejects.toThrow('closed');
  });

  it('fail the renders of a thread whose renderer does not load, instead of leaving them waiting', async () => {
    const pool = createRenderPool(pathToFileURL(path.join(folder, 'not-a-renderer.js')).href, 1);
    try {
      await expect(pool.render(request('/nothing'))).rejects.toThrow("is not the web build's server renderer");
    } finally {
      await pool.close();
    }
  });
});
