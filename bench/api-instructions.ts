// `node --import tsx bench/api-instructions.ts`: the instructions a node runs per request of each read
// (bench/api-routes.ts), counted by valgrind's callgrind in a real Papo node loaded over real sockets, beside a bare
// Fastify counted the same way. Instructions, not seconds: other work on the machine does not move them, so a change's
// own cost shows here where `bench:api`'s ratios move by ±0.05 from run to run. Not counted: the kernel's share of a
// request (its send and receive, a third or more of its CPU on loopback) and the time spent waiting. Two runs of one
// build agree within ~1–2% (V8 compiles on its own schedule); a read's count also depends on what its process served
// before it (latest-topic alone: 157k; after company and userprofile: 182–189k), so compare builds counted the same
// way, routes in the same order. Needs valgrind (Debian's package `valgrind`).
// INSTR_ROUTES=a,b limits the routes (default: healthz, company, userprofile, latest-topic); INSTR_REQUESTS counted
// per route (20,000); INSTR_RUNS per build (2); INSTR_BASE=<checkout> counts Papo as another checkout builds it too
// (a `git worktree` of the commit to compare with). Writes bench/results/api-instructions.json.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { openSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import autocannon from 'autocannon';
import { createTokenService } from '../apps/server/src/lib/tokens.js';
import { createTestDatabase } from '../apps/server/src/test/db.js';
import { childEnv, repoRoot } from '../apps/server/src/test/process.js';
import { bareTarget, benchRoutes, papoTarget, seedBench, type Target } from './api-routes.js';
import { checkRun, freePort, stop, waitUntilUp } from './api-process.js';
import { median } from './api-stats.js';

const run = promisify(execFile);
const requests = Number(process.env.INSTR_REQUESTS ?? 20_000);
const runs = Number(process.env.INSTR_RUNS ?? 2);
const names = process.env.INSTR_ROUTES?.split(',') ?? ['healthz', 'company', 'userprofile', 'latest-topic'];
const routes = benchRoutes.filter((route) => names.includes(route.name));
const base = process.env.INSTR_BASE;

interface Counted {
  child: ChildProcess;
  url: string;
  /** Where this process's vgdb pipes and callgrind dumps go. */
  dir: string;
  /** Its environment: valgrind names its vgdb pipes after the user and host found there. */
  env: NodeJS.ProcessEnv;
}

/** Starts `args` (a node script and its arguments) under callgrind, instrumentation off until asked. */
async function startCounted(args: string[], env: Record<string, string>, upPath: string): Promise<Counted> {
  const dir = await mkdtemp(join(tmpdir(), 'papo-instr-'));
  const port = await freePort();
  const log = openSync(join(dir, 'server.log'), 'a');
  const valgrind = [
    '--tool=callgrind',
    '--instr-atstart=no',
    // V8 writes and rewrites its machine code; valgrind must notice code that changes outside a file mapping.
    '--smc-check=all-non-file',
    `--vgdb-prefix=${join(dir, 'vgdb')}`,
    `--callgrind-out-file=${join(dir, 'callgrind.%p.out')}`,
  ];
  const childEnvironment = childEnv({ ...env, PORT: String(port), HOST: '127.0.0.1' });
  const child = spawn('valgrind', [...valgrind, process.execPath, '--import', 'tsx', ...args], {
    cwd: repoRoot,
    env: childEnvironment,
    stdio: ['ignore', log, log],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitUntilUp(child, `${url}${upPath}`);
  return { child, url, dir, env: childEnvironment };
}

async function control(counted: Counted, ...args: string[]): Promise<void> {
  const { stdout, stderr } = await run(
    'callgrind_control',
    [`--vgdb-prefix=${join(counted.dir, 'vgdb')}`, ...args, String(counted.child.pid)],
    { env: counted.env },
  );
  // callgrind_control exits 0 even when it found no such run; vgdb then complains.
  if (/error|failed|no callgrind/i.test(`${stdout}${stderr}`))
    throw new Error(`callgrind_control ${args.join(' ')}: ${stdout}${stderr}`);
}

/** The newest dump's total instructions. */
async function lastDumpTotal(dir: string): Promise<number> {
  const dumps = (await readdir(dir)).filter((name) => /^callgrind\.\d+\.out\.\d+$/.test(name));
  const dated = await Promise.all(dumps.map(async (name) => ({ name, at: (await stat(join(dir, name))).mtimeMs })));
  const newest = dated.sort((a, b) => b.at - a.at)[0];
  if (!newest) throw new Error('callgrind wrote no dump');
  const total = /^totals: (\d+)/m.exec(await readFile(join(dir, newest.name), 'utf8'))?.[1];
  if (!total) throw new Error(`no totals in ${newest.name}`);
  return Number(total);
}

async function load(target: Target, amount: number): Promise<void> {
  checkRun(target, await autocannon({ ...target, connections: 10, amount }));
}

/**
 * Instructions per request of `target`: loaded uncounted first (the JIT settles at full speed), then counted
 * for a while so valgrind has translated the hot code, the counters zeroed, and `requests` counted.
 */
async function count(counted: Counted, target: Target): Promise<number> {
  await load(target, 20_000);
  await control(counted, '--instr=on');
  await load(target, 3_000);
  await control(counted, '--zero');
  await load(target, requests);
  await control(counted, '--dump');
  await control(counted, '--instr=off');
  return (await lastDumpTotal(counted.dir)) / requests;
}

async function stopCounted(counted: Counted): Promise<void> {
  await stop(counted.child);
  await rm(counted.dir, { recursive: true, force: true });
}

async function main(): Promise<void> {
  const database = await createTestDatabase('sqlite');
  try {
    const ctx = await seedBench(database.handle, routes);
    const secret = randomBytes(32).toString('hex');
    const dataDir = dirname(database.sqliteFile!);
    // NODE_ENV=test so the node does not synthesise its music on a worker thread (whose instructions would count).
    const env = {
      NODE_ENV: 'test',
      DEMO_CONTENT: '0',
      LOG_LEVEL: 'info',
      JWT_SECRET: secret,
      DATA_DIR: dataDir,
      WEB_DIST: join(dataDir, 'no-web'),
    };
    const token = await createTokenService(secret).signAccessToken({
      userId: ctx.memberId,
      username: 'bench',
      roles: ['ROLE_USER'],
      sessionId: randomUUID(),
    });
    const builds: [string, string][] = [
      ['papo', join(repoRoot, 'apps/server/src/main.ts')],
      ...(base ? [['base', join(base, 'apps/server/src/main.ts')] as [string, string]] : []),
    ];
    const figures: Record<string, Record<string, number[]>> = { bare: {}, papo: {}, ...(base ? { base: {} } : {}) };
    for (let round = 1; round <= runs; round += 1) {
      const bare = await startCounted([join(repoRoot, 'bench/api.ts'), 'serve-bare'], {}, '/');
      try {
        for (const route of routes) {
          const perRequest = await count(bare, bareTarget(bare.url, route.body));
          (figures.bare![route.method] ??= []).push(perRequest);
          process.stdout.write(`run ${round} bare ${route.method}: ${Math.round(perRequest)} instructions/request\n`);
        }
      } finally {
        await stopCounted(bare);
      }
      for (const [build, main] of builds) {
        const papo = await startCounted([main], env, '/healthz');
        try {
          for (const route of routes) {
            const perRequest = await count(papo, papoTarget(papo.url, route, token));
            (figures[build]![route.name] ??= []).push(perRequest);
            process.stdout.write(
              `run ${round} ${build} ${route.name}: ${Math.round(perRequest)} instructions/request\n`,
            );
          }
        } finally {
          await stopCounted(papo);
        }
      }
    }
    console.log(
      `\n| route | Papo instructions/request | bare | bare ÷ Papo |${base ? ' base | change |' : ''}\n|---|---|---|---|${base ? '---|---|' : ''}`,
    );
    const rows: Record<string, { papo: number; bare: number; ratio: number; base?: number }> = {};
    for (const route of routes) {
      const papo = median(figures.papo![route.name]!);
      const bare = median(figures.bare![route.method]!);
      const before = base ? median(figures.base![route.name]!) : undefined;
      rows[route.name] = {
        papo: Math.round(papo),
        bare: Math.round(bare),
        ratio: Number((bare / papo).toFixed(3)),
        ...(before ? { base: Math.round(before) } : {}),
      };
      const change = before ? ` ${Math.round(before)} | ${(((papo - before) / before) * 100).toFixed(1)}% |` : '';
      console.log(
        `| ${route.name} | ${Math.round(papo)} | ${Math.round(bare)} (${route.method}) | ${(bare / papo).toFixed(3)} |${change}`,
      );
    }
    const file = join(repoRoot, 'bench/results/api-instructions.json');
    await mkdir(dirname(file), { recursive: true });
    await writeFile(
      file,
      `${JSON.stringify({ requests, runs, routes: rows, measuredAt: new Date().toISOString() }, null, 2)}\n`,
    );
    console.log(`written ${file}`);
  } finally {
    await database.destroy();
  }
}

await main();
