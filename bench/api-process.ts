// Process helpers shared by the API benches (bench/api.ts, bench/api-pieces.ts, bench/api-instructions.ts).
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import type autocannon from 'autocannon';
import type { Target } from './api-routes.js';

/** Clock ticks per second of /proc's CPU times (`getconf CLK_TCK`, 100 on Linux). */
const ticksPerSecond = 100;

/** CPU time (user + system, µs) a process has used so far, from /proc; undefined where /proc is not there. */
export function cpuMicros(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1_000_000) / ticksPerSecond;
  } catch {
    return undefined;
  }
}

/** What the server's own metrics say about a stretch of time: its GC pauses and how late its event loop ran. */
export interface ServerPauses {
  gcMs: number;
  gcPauses: number;
  /** The part of `gcMs` in full (mark-sweep-compact and incremental marking) collections, which stop longest. */
  majorGcMs: number;
  /** Event-loop delay over the stretch (prom-client resets its histogram at each scrape). */
  lagP99Ms: number;
  lagMaxMs: number;
}

/** prom-client's default metrics of a node, as numbers by series (`name{labels}`). */
async function scrape(metricsUrl: string): Promise<Map<string, number>> {
  const text = await (await fetch(metricsUrl)).text();
  const values = new Map<string, number>();
  for (const line of text.split('\n')) {
    const match = /^(nodejs_(?:gc_duration_seconds_(?:sum|count)|eventloop_lag_(?:p99|max)_seconds)(?:\{[^}]*\})?) (\S+)$/.exec(line);
    if (match) values.set(match[1]!, Number(match[2]));
  }
  return values;
}

/**
 * Starts watching a node's pauses (one scrape, which also resets its event-loop histogram); the returned function
 * scrapes again and answers what happened in between.
 */
export async function watchPauses(metricsUrl: string): Promise<() => Promise<ServerPauses>> {
  const before = await scrape(metricsUrl);
  return async () => {
    const after = await scrape(metricsUrl);
    const sum = (values: Map<string, number>, suffix: string, kinds?: string[]) =>
      [...values]
        .filter(([name]) => name.startsWith(`nodejs_gc_duration_seconds_${suffix}`) && (!kinds || kinds.some((kind) => name.includes(`kind="${kind}"`))))
        .reduce((total, [, value]) => total + value, 0);
    const major = ['major', 'incremental'];
    const round = (value: number) => Number(value.toFixed(2));
    return {
      gcMs: round((sum(after, 'sum') - sum(before, 'sum')) * 1000),
      gcPauses: sum(after, 'count') - sum(before, 'count'),
      majorGcMs: round((sum(after, 'sum', major) - sum(before, 'sum', major)) * 1000),
      lagP99Ms: round((after.get('nodejs_eventloop_lag_p99_seconds') ?? 0) * 1000),
      lagMaxMs: round((after.get('nodejs_eventloop_lag_max_seconds') ?? 0) * 1000),
    };
  };
}

export async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  await once(server, 'close');
  return port;
}

/** Polls until the process answers `GET url`, or fails when it exits first. */
export async function waitUntilUp(child: ChildProcess, url: string): Promise<void> {
  const exited = once(child, 'exit').then(([code]) => {
    throw new Error(`the server exited with ${String(code)} before it answered`);
  });
  const up = (async () => {
    for (;;) {
      try {
        if ((await fetch(url)).ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  await Promise.race([up, exited]);
}

/** A measured run's answers must all be 2xx: any other answer or error makes it a failed measurement, not a figure. */
export function checkRun(target: Target, result: autocannon.Result): void {
  const bad = result.non2xx + result.errors + result.timeouts;
  if (bad) throw new Error(`${target.method} ${target.url}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`);
}

/** Ends a server process (SIGTERM) and waits until it has exited. */
export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await once(child, 'exit');
}
