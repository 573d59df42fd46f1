// `npm run bench:api`: every read call of a page load (bench/api-routes.ts) against a bare Fastify
// hello-world with helmet's default headers, both real processes on this machine, in the same run: per round and route, a bare run
// and a Papo run (bare first in odd rounds, Papo first in even ones), three rounds, 10 connections; then Papo again at half the load it
// saturated at, for p50/p99. SQLite always; PostgreSQL when TEST_DATABASE_URL is set. Writes
// bench/results/api.json and prints a table per database. Missed targets are reported, not fatal.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import helmet from 'helmet';
import type { Dialect } from '../apps/server/src/db/database.js';
import { createTokenService } from '../apps/server/src/lib/tokens.js';
import { createTestDatabase, hasPostgres } from '../apps/server/src/test/db.js';
import { repoRoot } from '../apps/server/src/test/process.js';
import { bareTarget, benchRoutes, papoTarget, seedBench, type Target } from './api-routes.js';
import {
  checkRun,
  cpuMicros,
  measureRound,
  settleStartUp,
  start,
  stop,
  watchPauses,
  runBenchmark,
  type Contender,
} from './api-process.js';
import { median, summarise, table, type RouteFigures, type RunFigures } from './api-stats.js';

const rounds = Number(process.env.BENCH_API_ROUNDS ?? 3);
const seconds = Number(process.env.BENCH_API_SECONDS ?? 5);
const connections = 10;
/** One-second slices per contender and round (BENCH_API_SECONDS of them at the default). */
const slices = Math.max(1, Math.round(Number(process.env.BENCH_API_SLICES ?? seconds)));
const self = fileURLToPath(import.meta.url);
const only = process.env.BENCH_API_ROUTES?.split(',');
/** A directory for `node --cpu-prof` profiles of the Papo process (one per database), to see where time goes. */
const profileDir = process.env.BENCH_API_PROFILE;

/** One autocannon run at a fixed rate (the half-load runs): its latencies, and the server's CPU per request when `pid` is given. */
async function measure(target: Target, opts: { overallRate: number; pid?: number }): Promise<RunFigures> {
  // a second at the same rate first, unmeasured: the node may have sat idle while bare was measured.
  await autocannon({ ...target, connections, duration: 1, overallRate: opts.overallRate });
  const cpuBefore = cpuMicros(opts.pid);
  const result = await autocannon({ ...target, connections, duration: seconds, overallRate: opts.overallRate });
  const cpuAfter = cpuMicros(opts.pid);
  checkRun(target, result);
  const figures: RunFigures = { rps: result.requests.average, p50Ms: result.latency.p50, p99Ms: result.latency.p99 };
  if (cpuBefore !== undefined && cpuAfter !== undefined && result.requests.total > 0) {
    figures.cpuUsPerRequest = (cpuAfter - cpuBefore) / result.requests.total;
  }
  return figures;
}

interface DatabaseResult {
  articles: number;
  baseline: { rps: number; cpuUs?: number };
  routes: Record<string, RouteFigures>;
}

async function benchDatabase(dialect: Dialect): Promise<DatabaseResult> {
  const database = await createTestDatabase(dialect);
  const dataDir = await mkdtemp(join(tmpdir(), 'papo-bench-api-'));
  try {
    const ctx = await seedBench(database.handle);
    const secret = randomBytes(32).toString('hex');
    // SQLite's file lives in its own temporary dir, which then is the server's DATA_DIR.
    const env = {
      NODE_ENV: 'production',
      JWT_SECRET: secret,
      DATA_DIR: database.sqliteFile ? dirname(database.sqliteFile) : dataDir,
      WEB_DIST: join(dataDir, 'no-web'),
      ...(database.url ? { DATABASE_URL: database.url } : {}),
    };
    const papo = await start(
      [...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []), 'apps/server/src/main.ts'],
      env,
      join(dataDir, 'papo.log'),
      '/healthz',
    );
    await settleStartUp(papo.url);
    const bare = await start([self, 'serve-bare'], {}, join(dataDir, 'bare.log'), '/');
    const token = await createTokenService(secret).signAccessToken({
      userId: ctx.memberId,
      username: 'bench',
      roles: ['ROLE_USER'],
      sessionId: randomUUID(),
    });
    const routes = benchRoutes.filter((route) => !only || only.includes(route.name));
    const perRoute = new Map<string, { papo: RunFigures; bare: RunFigures; half: RunFigures; barePost?: RunFigures }[]>(
      routes.map((r) => [r.name, []]),
    );
    const bareRuns: number[] = [];
    const bareCpu: number[] = [];
    try {
      // a fresh process answers its first seconds slower (code not yet optimised): each route is asked for a
      // second on both servers before the rounds, so round 1's first route does not measure the warm-up.
      process.stdout.write(`${dialect}: warming up… `);
      for (const route of routes) {
        await autocannon({ ...bareTarget(bare.url), connections, duration: 1 });
        await autocannon({ ...papoTarget(papo.url, route, token), connections, duration: 1 });
      }
      process.stdout.write('done\n');
      for (let round = 1; round <= rounds; round += 1) {
        for (const route of routes) {
          process.stdout.write(`${dialect} round ${round}/${rounds} ${route.name}… `);
          const target = papoTarget(papo.url, route, token);
          // a POST read is also measured against a bare Fastify answering the same POST body: reading and
          // parsing a body costs any app, and a GET hello-world does not pay it.
          const contenders: Contender[] = [
            { target: bareTarget(bare.url), pid: bare.child.pid },
            { target, pid: papo.child.pid },
            ...(route.body === undefined ? [] : [{ target: bareTarget(bare.url, route.body), pid: bare.child.pid }]),
          ];
          // a server measured later in a sequence of runs cost more CPU per request here (bench/api-pieces.ts): the
          // slices alternate their order, and each round starts with the other server.
          const [bareRun, papoRun, barePost] = (await measureRound(contenders, round % 2 === 1, {
            connections,
            seconds,
            slices,
          })) as [RunFigures, RunFigures, RunFigures?];
          // the node's own GC and event-loop delay during the half-load run say whether a long p99 is spent in
          // the process (a pause, a blocking call) or waiting for a core (neither moves).
          const pauses = await watchPauses(`${papo.url}/metrics`);
          const half = await measure(target, { overallRate: Math.max(1, Math.floor(papoRun.rps / 2)) });
          half.pauses = await pauses();
          bareRuns.push(bareRun.rps);
          if (bareRun.cpuUsPerRequest) bareCpu.push(bareRun.cpuUsPerRequest);
          perRoute.get(route.name)!.push({ papo: papoRun, bare: bareRun, half, ...(barePost ? { barePost } : {}) });
          const cpu =
            papoRun.cpuUsPerRequest && bareRun.cpuUsPerRequest
              ? `, CPU ${Math.round(papoRun.cpuUsPerRequest)} µs/request (bare ${Math.round(bareRun.cpuUsPerRequest)})`
              : '';
          const p = half.pauses;
          process.stdout.write(
            `${Math.round(papoRun.rps)} req/s (bare ${Math.round(bareRun.rps)}), p99 at half load ${half.p99Ms} ms (GC ${p.gcMs} ms in ${p.gcPauses} pauses, ${p.majorGcMs} ms of it full, event-loop delay p99 ${p.lagP99Ms} ms, max ${p.lagMaxMs} ms, load ${loadavg()[0]!.toFixed(1)})${cpu}\n`,
          );
        }
      }
    } finally {
      await Promise.all([stop(papo.child), stop(bare.child)]);
    }
    const figures = Object.fromEntries(routes.map((route) => [route.name, summarise(perRoute.get(route.name)!)]));
    const baselineRps = median(bareRuns);
    const baselineCpuUs = bareCpu.length ? Number(median(bareCpu).toFixed(1)) : undefined;
    const rows = routes.map((route) => ({
      name: route.name,
      kind: route.kind,
      figures: figures[route.name]!,
      ...(route.p99MsMax ? { p99MsMax: route.p99MsMax } : {}),
    }));
    console.log(`\n${table(dialect, baselineRps, rows, baselineCpuUs)}\n`);
    return {
      articles: ctx.counts.articles,
      baseline: { rps: Math.round(baselineRps), ...(baselineCpuUs ? { cpuUs: baselineCpuUs } : {}) },
      routes: figures,
    };
  } finally {
    await database.destroy();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/**
 * Child: the baseline, what a team would deploy instead: a bare Fastify hello-world with no
 * logger or plugins but `@fastify/helmet`'s default headers — helmet's default middleware run on every request in an
 * `onRequest` hook, which is what that plugin does (helmet is already the server's dependency) — and a POST echo for
 * POST reads.
 */
async function serveBare(): Promise<void> {
  const app = Fastify();
  const headers = helmet();
  app.addHook('onRequest', (request, reply, done) =>
    headers(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined)),
  );
  app.get('/', async () => ({ hello: 'world' }));
  // The same POST body as a POST read sends (latest-topic's `{channel}`), parsed by Fastify's JSON parser.
  app.post('/', async (request) => ({ channel: (request.body as { channel?: unknown } | null)?.channel ?? null }));
  process.once('SIGTERM', () => void app.close().finally(() => process.exit(0)));
  await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
  await app.ready();
}

async function main(): Promise<void> {
  const dialects: Dialect[] = hasPostgres ? ['sqlite', 'postgres'] : ['sqlite'];
  if (!hasPostgres) console.log('PostgreSQL skipped: TEST_DATABASE_URL is not set');
  // the machine's load says how far to trust a run: other work on the same cores moves both sides.
  const results: Record<string, DatabaseResult | string | number | number[]> = {
    connections,
    seconds,
    rounds,
    loadAverageBefore: loadavg(),
  };
  for (const dialect of dialects) results[dialect] = await benchDatabase(dialect);
  results.loadAverageAfter = loadavg();
  console.log(
    `load average (1, 5, 15 min) before ${(results.loadAverageBefore as number[]).map((n) => n.toFixed(1)).join(' ')}, after ${loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')} on ${availableParallelism()} cores`,
  );
  const file = join(repoRoot, 'bench/results/api.json');
  await mkdir(dirname(file), { recursive: true });
  // the format names the articles, baseline and routes at the top: the default database's (SQLite)
  // figures are repeated there; both databases stay under their own keys.
  const { articles, baseline, routes } = results.sqlite as DatabaseResult;
  await writeFile(
    file,
    `${JSON.stringify({ articles, baseline, routes, ...results, measuredAt: new Date().toISOString() }, null, 2)}\n`,
  );
  console.log(`written ${file}`);
}

if (process.argv[2] === 'serve-bare') {
  await serveBare();
} else {
  await runBenchmark(main);
}
