// `node --import tsx bench/api-probe.ts`: the CPU each read of bench/api-routes.ts costs in one process,
// through `app.inject` (no sockets, no load generator), beside a bare Fastify hello-world the same way.
// CPU time (process.cpuUsage), not wall time, so other work on the machine moves it little; with
// `node --cpu-prof` it shows where a route's time goes. PROBE_ROUTES=a,b limits the routes, PROBE_CALLS the calls.
// NODE_ENV=test, so the node does not synthesise its music on a worker thread (whose CPU would count).
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance, type InjectOptions } from 'fastify';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { createTestDatabase } from '../apps/server/src/test/db.js';
import { benchRoutes, seedBench } from './api-routes.js';

const calls = Number(process.env.PROBE_CALLS ?? 10_000);
const only = process.env.PROBE_ROUTES?.split(',');
const routes = benchRoutes.filter((route) =>
  only ? only.includes(route.name) : route.kind !== 'public' || route.name === 'company',
);

/** CPU µs per call of `request`, after a warm-up; any answer other than 2xx fails the probe. */
async function cpuPerCall(app: FastifyInstance, request: InjectOptions): Promise<number> {
  for (let i = 0; i < 1000; i += 1) {
    const response = await app.inject(request);
    if (response.statusCode >= 300)
      throw new Error(`${request.method} ${request.url}: ${response.statusCode} ${response.body}`);
  }
  const before = process.cpuUsage();
  for (let i = 0; i < calls; i += 1) await app.inject(request);
  const used = process.cpuUsage(before);
  return (used.user + used.system) / calls;
}

const database = await createTestDatabase('sqlite');
const dataDir = await mkdtemp(path.join(tmpdir(), 'papo-api-probe-'));
try {
  const ctx = await seedBench(database.handle, routes);
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    WEB_DIST: path.join(dataDir, 'no-web'),
    DEMO_CONTENT: '0',
    LOG_LEVEL: 'info',
  });
  const app = await buildApp({ config, db: database.handle });
  const bare = Fastify();
  bare.get('/', async () => ({ hello: 'world' }));
  const token = await app.tokens.signAccessToken({
    userId: ctx.memberId,
    username: 'bench',
    roles: ['ROLE_USER'],
    sessionId: randomUUID(),
  });
  const bareUs = await cpuPerCall(bare, { method: 'GET', url: '/' });
  console.log(`bare Fastify       ${bareUs.toFixed(1)} µs/call`);
  for (const route of routes) {
    const headers: Record<string, string> = route.member ? { authorization: `Bearer ${token}` } : {};
    const us = await cpuPerCall(app, {
      method: route.method,
      url: route.path,
      headers,
      ...(route.body === undefined ? {} : { payload: route.body as object }),
    });
    console.log(`${route.name.padEnd(18)} ${us.toFixed(1)} µs/call (${(bareUs / us).toFixed(2)}× bare)`);
  }
  await Promise.all([app.close(), bare.close()]);
} finally {
  await database.destroy();
  await rm(dataDir, { recursive: true, force: true });
}
