// Process helpers shared by the API and page benches (bench/api.ts, bench/api-pieces.ts, bench/api-instructions.ts, bench/pages.ts).
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { openSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import autocannon from 'autocannon';
import { trackCount } from '../apps/server/src/features/media/tracks/catalogue.js';
import { childEnv, repoRoot } from '../apps/server/src/test/process.js';
import type { Target } from './api-routes.js';
import { median, type RunFigures } from './api-stats.js';

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
    const match =
      /^(nodejs_(?:gc_duration_seconds_(?:sum|count)|eventloop_lag_(?:p99|max)_seconds)(?:\{[^}]*\})?) (\S+)$/.exec(
        line,
      );
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
        .filter(
          ([name]) =>
            name.startsWith(`nodejs_gc_duration_seconds_${suffix}`) &&
            (!kinds || kinds.some((kind) => name.includes(`kind="${kind}"`))),
        )
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
  if (bad)
    throw new Error(
      `${target.method} ${target.url}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`,
    );
}

/** Ends a server process (SIGTERM) and waits until it has exited. */
export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await once(child, 'exit');
}

/** A server to load in a round: what to ask it, and its pid for its CPU time. */
export interface Contender {
  target: Target;
  pid: number | undefined;
}

/**
 * The saturating runs of one round: each contender (bare Fastify, Papo, and for a POST read the bare POST) is
 * loaded for `seconds` in all, in `slices` one-second slices taken in turn — the order reversed every slice
 * (A B, B A, A B…) — so a change in the machine's speed during the round falls on all of them alike. On this
 * shared machine the same bare server measured 23,000 and 55,000 req/s a minute apart; with one five-second run
 * each, the ratio mostly measured that. Each contender is first loaded for a second, unmeasured: a node that sat
 * idle while another was measured answers its first second far slower (Papo after five idle seconds: 51 µs of
 * CPU per request, 32 µs right after its own load, same minutes). Figures per contender: requests over time,
 * server CPU over requests, and the median of the slices' p50/p99.
 */
export async function measureRound(
  contenders: Contender[],
  firstAtStart: boolean,
  opts: { connections: number; seconds: number; slices: number },
): Promise<RunFigures[]> {
  const { connections, seconds, slices } = opts;
  const totals = contenders.map(() => ({
    requests: 0,
    seconds: 0,
    cpuUs: 0,
    cpuKnown: true,
    p50: [] as number[],
    p99: [] as number[],
  }));
  for (const { target } of contenders) await autocannon({ ...target, connections, duration: 1 });
  const sliceSeconds = seconds / slices;
  for (let slice = 0; slice < slices; slice += 1) {
    const forward = (slice % 2 === 0) === firstAtStart;
    const order = contenders.map((_, index) => (forward ? index : contenders.length - 1 - index));
    for (const index of order) {
      const { target, pid } = contenders[index]!;
      const cpuBefore = cpuMicros(pid);
      const result = await autocannon({ ...target, connections, duration: sliceSeconds });
      const cpuAfter = cpuMicros(pid);
      checkRun(target, result);
      const total = totals[index]!;
      total.requests += result.requests.total;
      total.seconds += result.duration;
      if (cpuBefore === undefined || cpuAfter === undefined) total.cpuKnown = false;
      else total.cpuUs += cpuAfter - cpuBefore;
      total.p50.push(result.latency.p50);
      total.p99.push(result.latency.p99);
    }
  }
  return totals.map((total) => ({
    rps: total.requests / total.seconds,
    p50Ms: median(total.p50),
    p99Ms: median(total.p99),
    ...(total.cpuKnown && total.requests > 0 ? { cpuUsPerRequest: total.cpuUs / total.requests } : {}),
  }));
}

/** The live children, so a failed run still ends them. */
const live = new Set<ChildProcess>();

/** Runs a benchmark's `main`: Ctrl-C or a failure ends the servers it started too, not only the runner. */
export async function runBenchmark(main: () => Promise<void>): Promise<void> {
  process.once('SIGINT', () => {
    for (const child of live) child.kill('SIGTERM');
    process.exit(130);
  });
  try {
    await main();
  } catch (error) {
    for (const child of live) child.kill('SIGTERM');
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  }
}

export async function start(
  args: string[],
  env: Record<string, string>,
  logFile: string,
  upPath: string,
): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const log = openSync(logFile, 'a');
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
    cwd: repoRoot,
    env: childEnv({ ...env, PORT: String(port), HOST: '127.0.0.1' }),
    // the server logs into a file, as it would to a collector in production; the runner stays out of its way.
    stdio: ['ignore', log, log],
  });
  live.add(child);
  child.once('exit', () => live.delete(child));
  const url = `http://127.0.0.1:${port}`;
  await waitUntilUp(child, `${url}${upPath}`);
  return { url, child };
}

/**
 * Waits for the work a fresh node does once ready, so it is not measured: the music tracks are synthesised
 * into its new DATA_DIR on a worker thread of the same process (minutes of a core on this machine). Asking for
 * each track waits until it is made.
 */
export async function settleStartUp(url: string): Promise<void> {
  process.stdout.write('waiting for the node to synthesise its music tracks… ');
  for (let n = 1; n <= trackCount; n += 1) {
    const response = await fetch(`${url}/media/tracks/${String(n).padStart(2, '0')}.mp3`);
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`track ${n}: ${response.status}`);
  }
  process.stdout.write('done\n');
}
