// `node --import tsx bench/api-pieces.ts`: what each piece of the shared request path costs, measured apart.
// Each configuration is a real server process (a bare Fastify answering `GET /healthz` with Papo's body, plus one
// piece of Papo's request path, or all of Papo), loaded by autocannon over real sockets; the figure is the server's
// CPU µs per request from /proc (other work on the machine moves it far less than req/s). Configurations run
// interleaved, PIECES_ROUNDS rounds (3) of PIECES_SECONDS (3) each; the median is printed with the load average.
// PIECES=bare,headers limits the configurations; `base` with PIECES_BASE=<checkout> adds Papo as another checkout builds it.
import { spawn, type ChildProcess } from 'node:child_process';
import { openSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import multipart from '@fastify/multipart';
import autocannon from 'autocannon';
import Fastify, { type FastifyInstance } from 'fastify';
import pino from 'pino';
import { Server } from 'socket.io';
import type * as AppModule from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { registerRequestLog } from '../apps/server/src/lib/logger.js';
import { metricsPlugin } from '../apps/server/src/lib/metrics.js';
import { registerRateLimit } from '../apps/server/src/lib/rate-limit.js';
import { registerSecurityHeaders, securityHeaders, securityOptions } from '../apps/server/src/lib/security.js';
import { childEnv, repoRoot } from '../apps/server/src/test/process.js';
import { cpuMicros, freePort, waitUntilUp } from './api-process.js';
import { median } from './api-stats.js';

const rounds = Number(process.env.PIECES_ROUNDS ?? 3);
const seconds = Number(process.env.PIECES_SECONDS ?? 3);
const self = fileURLToPath(import.meta.url);

/** One piece of the request path added to a bare Fastify, or all of Papo (`papo`). */
const pieces: Record<string, (app: FastifyInstance) => Promise<void> | void> = {
  bare: () => undefined,
  // Fastify's logger at info with pino's asynchronous destination, as Papo's: a child logger per request.
  logger: () => undefined,
  'access-line': (app) => registerRequestLog(app),
  headers: (app) => registerSecurityHeaders(app, { googleSignIn: false }),
  // The same bytes as the security headers in one header: what their size costs apart from their number.
  'header-bytes': (app) => {
    const headers = securityHeaders(securityOptions({ googleSignIn: false }));
    const pad = Object.entries(headers)
      .map(([name, value]) => `${name}: ${value}`)
      .join('; ');
    app.addHook('onRequest', (_request, reply, done) => {
      reply.header('x-pad', pad);
      done();
    });
  },
  metrics: async (app) => {
    await app.register(metricsPlugin);
  },
  'rate-limit': (app) => registerRateLimit(app),
  multipart: async (app) => {
    await app.register(multipart, { limits: { fileSize: 5 * 1024 * 1024, files: 1 } });
  },
  'socket.io': (app) => {
    // attached as realtime/plugin.ts does: engine.io replaces the server's request listeners with its own.
    const io = new Server(app.server, { path: '/socket.io/' });
    app.addHook('onClose', (_app, done) => void io.close(() => done()));
  },
};
const withLogger = new Set(['logger', 'access-line']);

async function serve(piece: string): Promise<void> {
  const port = Number(process.env.PORT);
  if (piece === 'papo' || piece === 'base') {
    const dataDir = await mkdtemp(join(tmpdir(), 'papo-pieces-'));
    // `base` is Papo as built by another checkout (PIECES_BASE, e.g. a `git worktree` of the commit to compare with).
    const { buildApp } = (
      piece === 'base'
        ? await import(join(process.env.PIECES_BASE!, 'apps/server/src/app.ts'))
        : await import('../apps/server/src/app.js')
    ) as typeof AppModule;
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      WEB_DIST: join(dataDir, 'no-web'),
      DEMO_CONTENT: '0',
      LOG_LEVEL: 'info',
    });
    const app = await buildApp({ config });
    process.once(
      'SIGTERM',
      () =>
        void app.close().finally(() => rm(dataDir, { recursive: true, force: true }).finally(() => process.exit(0))),
    );
    await app.listen({ host: '127.0.0.1', port });
    return;
  }
  const app = Fastify(
    withLogger.has(piece)
      ? { logger: { level: 'info', stream: pino.destination({ dest: 1, sync: false }) }, disableRequestLogging: true }
      : {},
  );
  await pieces[piece]!(app);
  app.get('/healthz', async () => ({ status: 'ok' }));
  process.once('SIGTERM', () => void app.close().finally(() => process.exit(0)));
  await app.listen({ host: '127.0.0.1', port });
}

async function main(): Promise<void> {
  const names = process.env.PIECES?.split(',') ?? [
    ...Object.keys(pieces),
    'papo',
    ...(process.env.PIECES_BASE ? ['base'] : []),
  ];
  const logDir = await mkdtemp(join(tmpdir(), 'papo-pieces-log-'));
  const children = new Map<string, { child: ChildProcess; url: string }>();
  const cpu = new Map<string, number[]>(names.map((name) => [name, []]));
  const loadBefore = loadavg();
  try {
    for (const name of names) {
      const port = await freePort();
      const log = openSync(join(logDir, `${name}.log`), 'a');
      // `papo+semi<MB>` is Papo with V8's young generation at that size (fewer scavenges for the same garbage).
      // `name#2` is a second process of the same configuration: how far two processes of one build differ.
      const [piece, semi] = name.split('#')[0]!.split('+semi');
      const flags = semi ? [`--max-semi-space-size=${semi}`] : [];
      const child = spawn(process.execPath, [...flags, '--import', 'tsx', self, 'serve', piece!], {
        cwd: repoRoot,
        env: childEnv({
          PORT: String(port),
          ...(process.env.PIECES_BASE ? { PIECES_BASE: process.env.PIECES_BASE } : {}),
        }),
        stdio: ['ignore', log, log],
      });
      const url = `http://127.0.0.1:${port}/healthz`;
      await waitUntilUp(child, url).catch(async (error: unknown) => {
        const { readFile } = await import('node:fs/promises');
        throw new Error(
          `${name}: ${String(error)}\n${(await readFile(join(logDir, `${name}.log`), 'utf8')).slice(-2000)}`,
        );
      });
      children.set(name, { child, url });
    }
    for (let round = 1; round <= rounds; round += 1) {
      for (const name of names) {
        const { child, url } = children.get(name)!;
        // a short warm-up, so the JIT has settled before the measured run.
        await autocannon({ url, connections: 10, duration: 1 });
        const before = cpuMicros(child.pid)!;
        const result = await autocannon({ url, connections: 10, duration: seconds });
        const after = cpuMicros(child.pid)!;
        if (result.non2xx || result.errors)
          throw new Error(`${name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
        cpu.get(name)!.push((after - before) / result.requests.total);
        process.stdout.write(
          `round ${round} ${name}: ${((after - before) / result.requests.total).toFixed(1)} µs/request, ${Math.round(result.requests.average)} req/s\n`,
        );
      }
    }
  } finally {
    for (const { child } of children.values()) child.kill('SIGTERM');
    await rm(logDir, { recursive: true, force: true });
  }
  const bare = median(cpu.get('bare') ?? [Number.NaN]);
  console.log('\n| configuration | CPU µs/request (median) | beyond bare |\n|---|---|---|');
  for (const name of names) {
    const us = median(cpu.get(name)!);
    console.log(`| ${name} | ${us.toFixed(1)} | ${name === 'bare' ? '' : (us - bare).toFixed(1)} |`);
  }
  const fmt = (l: number[]) => l.map((n) => n.toFixed(1)).join(' ');
  console.log(`\nload average before ${fmt(loadBefore)}, after ${fmt(loadavg())}`);
}

if (process.argv[2] === 'serve') await serve(process.argv[3]!);
else await main();
