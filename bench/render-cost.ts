// `node --import tsx bench/render-cost.ts`: what one server render of a storm's page costs, and how much of it the
// node's event loop carries. The app (SQLite, demo content, the tests' web build) renders, one after another, pages
// with a new value of a declared parameter (`/blog?q=`, `/lyrics?q=`, `/bio?tag=&ano=`) twice over: with the build's
// renderer called in this thread (as a node without render threads does) and on a render thread (ssr/render-pool.ts).
// Per render, the medians of: its CPU time (every thread of the process), the event loop's busy time
// (`eventLoopUtilization`) and the loop's longest pause (a timer asked every millisecond). BENCH_RENDERS sets how many
// renders of each page are measured (after 8 unmeasured). Prints the figures; writes nothing.
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { isRecord } from '@papo/contract/records';
import type { ServerRenderer, ServerRenderTransport } from '@papo/contract/server-render';
import { createRenderPool } from '../apps/server/src/ssr/render-pool.js';
import { buildTestApp } from '../apps/server/src/test/app.js';
import { cachedWebBuild } from '../e2e/support/build-web.js';

const renders = Number(process.env.BENCH_RENDERS ?? 21);
const pages: Record<string, () => string> = {
  '/blog?q=': () => `/blog?q=${randomBytes(5).toString('hex')}`,
  '/lyrics?q=': () => `/lyrics?q=${randomBytes(5).toString('hex')}`,
  '/bio?tag=&ano=': () => `/bio?ano=${1900 + Math.floor(Math.random() * 120)}&tag=${randomBytes(5).toString('hex')}`,
};

interface Cost {
  cpuMs: number;
  loopBusyMs: number;
  longestPauseMs: number;
}

/** One render of `url`, with what it cost. */
async function measure(render: ServerRenderer['render'], url: string, api: ServerRenderTransport): Promise<Cost> {
  let last = performance.now();
  let longest = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 1);
  const cpu = process.cpuUsage();
  const loop = performance.eventLoopUtilization();
  await render({ url, origin: 'https://papo.example', cookie: '', api });
  const loopBusyMs = performance.eventLoopUtilization(loop).active;
  const used = process.cpuUsage(cpu);
  clearInterval(timer);
  return {
    cpuMs: (used.user + used.system) / 1000,
    loopBusyMs,
    longestPauseMs: Math.max(longest, performance.now() - last),
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

const build = await cachedWebBuild();
const t = await buildTestApp({ env: { WEB_DIST: build.dist, DEMO_CONTENT: '1', PUBLIC_URL: 'https://papo.example' } });
const entry = pathToFileURL(path.join(build.dist, 'ssr', 'entry-server.js')).href;
const pool = createRenderPool(entry, 1);
try {
  const here: unknown = await import(entry);
  const own = isRecord(here) ? here.render : undefined;
  if (typeof own !== 'function') throw new Error(`${entry} has no render`);
  const renderHere: ServerRenderer['render'] = (request) => Reflect.apply(own, here, [request]);
  // the calls a render makes, answered by the app's router as a node's are (ssr/transport.ts).
  const api: ServerRenderTransport = async (url, init) => {
    const answer = await t.app.inject({
      method: init.method === 'POST' ? 'POST' : 'GET',
      url,
      headers: Object.fromEntries(init.headers ?? []),
      ...(typeof init.body === 'string' ? { payload: init.body } : {}),
    });
    return { status: answer.statusCode, ok: answer.statusCode < 300, text: () => Promise.resolve(answer.body) };
  };
  console.log(`load average ${loadavg()[0]?.toFixed(1)} at the start`);
  for (const [where, render] of [
    ['in the event loop', renderHere],
    ['on a render thread', pool.render],
  ] as const) {
    for (const [name, next] of Object.entries(pages)) {
      for (let n = 0; n < 8; n += 1) await measure(render, next(), api);
      const costs: Cost[] = [];
      for (let n = 0; n < renders; n += 1) costs.push(await measure(render, next(), api));
      const of = (key: keyof Cost) => median(costs.map((cost) => cost[key])).toFixed(1);
      console.log(
        `${where.padEnd(18)} ${name.padEnd(15)} CPU ${of('cpuMs').padStart(6)} ms, event loop busy ` +
          `${of('loopBusyMs').padStart(6)} ms, longest pause ${of('longestPauseMs').padStart(6)} ms (medians of ${renders})`,
      );
    }
  }
  console.log(`load average ${loadavg()[0]?.toFixed(1)} at the end`);
} finally {
  await pool.close();
  await t.close();
}
