import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { createTestDatabase, type TestDatabase } from '../test/db.js';
import { useWebBuild } from '../test/web-build.js';
import { loggerOptions, registerRequestLog, requestLogLevel, slowRequestMs } from './logger.js';

/** An app whose log lines are collected, at the given level, with the request log registered. */
async function appLoggingAt(level: string) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  const app = Fastify({
    logger: { level, stream },
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: true,
  });
  registerRequestLog(app);
  app.get('/ok', async () => ({ ok: true }));
  app.get('/fails', async (_request, reply) => reply.status(503).send({ message: 'service_unavailable' }));
  await app.ready();
  return { app, lines: () => lines.filter((line) => line.msg === 'request') };
}

describe('request log', () => {
  it('writes nothing for a healthy request at info, and one line for a server error', async () => {
    const { app, lines } = await appLoggingAt('info');
    await app.inject({ method: 'GET', url: '/ok' });
    await app.inject({ method: 'GET', url: '/fails?x=1', headers: { 'x-forwarded-for': '203.0.113.7' } });
    expect(lines()).toEqual([
      expect.objectContaining({
        level: 50,
        method: 'GET',
        route: '/fails',
        url: '/fails?x=1',
        status: 503,
        ms: expect.any(Number),
        reqId: expect.any(String),
        address: '203.0.113.7',
      }),
    ]);
    await app.close();
  });

  it('writes one line per request at debug', async () => {
    const { app, lines } = await appLoggingAt('debug');
    await app.inject({ method: 'GET', url: '/ok' });
    expect(lines()).toEqual([expect.objectContaining({ level: 20, url: '/ok', status: 200 })]);
    await app.close();
  });

  it('raises slow requests to warn whatever their status, and server errors to error', () => {
    expect(requestLogLevel(200, slowRequestMs - 1)).toBe('debug');
    expect(requestLogLevel(404, slowRequestMs)).toBe('warn');
    expect(requestLogLevel(500, 1)).toBe('error');
  });

  it('is JSON through an asynchronous destination, or pretty lines through pino-pretty', () => {
    expect(loggerOptions({ LOG_LEVEL: 'info', LOG_FORMAT: 'json' })).toMatchObject({
      level: 'info',
      stream: expect.anything(),
    });
    expect(loggerOptions({ LOG_LEVEL: 'debug', LOG_FORMAT: 'pretty' })).toMatchObject({
      level: 'debug',
      transport: { target: 'pino-pretty' },
    });
  });
});

/** The whole app on a SQLite database of its own, its log lines at info collected in `lines`. */
function useAppLoggingAtInfo(env: Record<string, string>) {
  const built = {} as { app: FastifyInstance; database: TestDatabase; dataDir: string };
  const lines: Record<string, unknown>[] = [];
  beforeAll(async () => {
    built.dataDir = await mkdtemp(path.join(tmpdir(), 'papo-logs-'));
    built.database = await createTestDatabase('sqlite');
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: built.dataDir,
      WEB_DIST: path.join(built.dataDir, 'no-web'),
      DEMO_CONTENT: '0',
      ...env,
    });
    const stream = { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) };
    built.app = await buildApp({ config, db: built.database.handle, logger: { level: 'info', stream } });
    await built.app.ready();
  });
  afterAll(async () => {
    await built.app.close();
    await built.database.destroy();
    await rm(built.dataDir, { recursive: true, force: true });
  });
  return { built, lines };
}

describe('the whole app’s log at info behind a proxy it was not told to trust', () => {
  const { built, lines } = useAppLoggingAtInfo({});

  it('says once that TRUST_PROXY is unset when loopback requests carry forwarding headers, and keeps /metrics from them', async () => {
    const { app } = built;
    lines.length = 0;
    expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);
    // Forwarded by a peer elsewhere: not a proxy on this machine.
    await app.inject({ url: '/healthz', remoteAddress: '198.51.100.4', headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(lines).toEqual([]);
    for (const headers of [{ 'x-forwarded-for': '203.0.113.9' }, { forwarded: 'for=203.0.113.9' }])
      for (let i = 0; i < 3; i++) expect((await app.inject({ url: '/healthz', headers })).statusCode).toBe(200);
    expect(lines).toEqual([
      expect.objectContaining({ level: 40, msg: expect.stringContaining('TRUST_PROXY is unset') }),
    ]);

    // The proxy's peer is loopback: without TRUST_PROXY a forwarded scrape is an outsider's.
    expect((await app.inject({ url: '/metrics' })).statusCode).toBe(200);
    expect((await app.inject({ url: '/metrics', headers: { 'x-forwarded-for': '127.0.0.1' } })).statusCode).toBe(403);
    expect((await app.inject({ url: '/metrics', headers: { forwarded: 'for=203.0.113.9' } })).json()).toEqual({
      message: 'forbidden',
    });
  });
});

describe('the whole app’s log at info', () => {
  const { built, lines } = useAppLoggingAtInfo({ TRUST_PROXY: '1' });

  it('writes nothing for a storm of client errors, and one line per readiness change, not per probe', async () => {
    const { app, database } = built;
    lines.length = 0;
    const storm = [
      { method: 'GET', url: '/api/no-such-call' },
      { method: 'GET', url: '/api/notifications' },
      { method: 'POST', url: '/api/auth/login', payload: { username: 'x' } },
      { method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload: '{not json' },
      { method: 'GET', url: '/uploads/profile/nothing-here.png' },
    ] as const;
    for (let round = 0; round < 20; round++) {
      for (const request of storm) expect((await app.inject(request)).statusCode).toBeGreaterThanOrEqual(400);
    }
    expect(lines).toEqual([]);

    await database.handle.close();
    for (let probe = 0; probe < 3; probe++)
      expect((await app.inject({ url: '/readyz', headers: { 'x-forwarded-for': '203.0.113.9' } })).statusCode).toBe(
        503,
      );
    expect(lines.map((line) => line.msg)).toEqual(['readiness: not ready (database_unreachable)']);
  });
});

const build = useWebBuild();

describe('the request lines of pages', () => {
  let app: FastifyInstance;
  let database: TestDatabase;
  let dataDir: string;
  const lines: Record<string, unknown>[] = [];
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'papo-logs-'));
    database = await createTestDatabase('sqlite');
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, WEB_DIST: build.dist, DEMO_CONTENT: '0' });
    const stream = { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) };
    app = await buildApp({ config, db: database.handle, logger: { level: 'debug', stream } });
    await app.ready();
  }, 60_000);
  afterAll(async () => {
    await app.close();
    await database.destroy();
    await rm(dataDir, { recursive: true, force: true });
  });

  it("names a page's route pattern, and none for an address no route has or a page's address not asked as a page", async () => {
    const asked = [
      { url: '/blog', accept: 'text/html', status: 200, route: '/blog' },
      { url: '/blog/nada-disso', accept: 'text/html', status: 404, route: '/blog/:slug' },
      { url: '/Blog/Nada-Disso', accept: 'text/html', status: 301, route: 'none' },
      { url: '/nada/disso/aqui', accept: 'text/html', status: 404, route: 'none' },
      // `/:slug` (a channel's page) has this address's shape, but a missing picture is no page.
      { url: '/nada-disso.png', accept: '*/*', status: 404, route: 'none' },
    ];
    for (const { url, accept, status } of asked)
      expect((await app.inject({ method: 'GET', url, headers: { accept } })).statusCode, url).toBe(status);
    // the renders' own API calls are requests too, with lines of their own.
    const requests = lines.filter((line) => line.msg === 'request' && asked.some(({ url }) => url === line.url));
    expect(requests.map(({ url, route, status }) => ({ url, route, status }))).toEqual(
      asked.map(({ url, route, status }) => ({ url, route, status })),
    );
  });
});
