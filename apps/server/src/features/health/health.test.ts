import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { startListeningTestApp, type ListeningTestApp } from '../../test/sockets.js';
import { buildUser } from '../../test/users.js';
import { describeEachDialect } from '../../test/db.js';
import { freePort } from '../../test/server-process.js';
import { useWebBuild } from '../../test/web-build.js';

describeEachDialect('health and metrics', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ dialect });
  });
  afterAll(() => t.close());

  it('GET /healthz answers ok', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('GET /readyz answers ready while the database answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready' });
  });

  it('GET /metrics exposes default metrics and request durations by route', async () => {
    await t.app.inject({ method: 'GET', url: '/healthz' });
    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toContain('process_cpu_user_seconds_total');
    expect(res.body).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/healthz",status_code="200"\} [1-9]/,
    );
  });

  it('GET /readyz answers 503 database_unreachable once the database is gone', async () => {
    await t.database.handle.close();
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ message: 'database_unreachable' });
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });
});

describeEachDialect('a node whose REDIS_URL answers nothing', (dialect) => {
  it('starts without waiting on it and answers /readyz 503 redis_unreachable while it serves', async () => {
    // Nothing listens on the port: each connection to it is refused.
    const dead = await buildTestApp({ dialect, env: { REDIS_URL: `redis://127.0.0.1:${await freePort()}` } });
    try {
      // the node's first connection was refused, so the parts that wait for Redis at start did not
      // (worthWaitingForRedis); a timing would say the same less surely on a loaded machine.
      expect(await dead.app.redisAtStart).toBe(false);
      const res = await dead.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ message: 'redis_unreachable' });
      expect((await dead.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      expect((await dead.app.inject({ method: 'GET', url: '/api/channels' })).statusCode).toBe(200);
    } finally {
      await dead.close();
    }
  }, 30_000);
});

describeEachDialect('metrics of the node', (dialect) => {
  const redisUrl = process.env.TEST_REDIS_URL;
  let t: ListeningTestApp;
  beforeAll(async () => {
    t = await startListeningTestApp({
      dialect,
      env: {
        IRC_PORT: '0',
        ...(redisUrl ? { REDIS_URL: redisUrl, REDIS_PREFIX: `metrics-${randomUUID().slice(0, 8)}` } : {}),
      },
    });
  });
  afterAll(() => t.close());

  const scrape = async () => (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
  const value = (body: string, series: string) =>
    Number(new RegExp(`^${series.replace(/[{}]/g, '\\$&')} (\\S+)$`, 'm').exec(body)?.[1]);

  it('GET /metrics has sockets, rooms, IRC links, pool, Redis, push, renders and cache series', async () => {
    const member = await buildUser(t.app);
    const socket = await t.connect(member);
    // A cached read twice: the second is a hit.
    for (let i = 0; i < 2; i++) await t.app.inject({ method: 'GET', url: '/api/channels' });
    const body = await scrape();
    expect(value(body, 'papo_sockets')).toBe(1);
    // The member's own room at least.
    expect(value(body, 'papo_rooms')).toBeGreaterThanOrEqual(1);
    expect(value(body, 'papo_irc_links')).toBe(0);
    expect(value(body, 'papo_push_queue{state="waiting"}')).toBe(0);
    expect(value(body, 'papo_push_dropped')).toBe(0);
    expect(body).toMatch(/^papo_cache_hit_ratio\{cache="[^"]+"\} (0\.\d+|1)$/m);
    expect(body).toMatch(/^papo_cache_reads\{cache="[^"]+",result="hit"\} [1-9]/m);
    expect(body).toContain('# TYPE papo_render_queue gauge');
    expect(body).toContain('# TYPE papo_render_over_budget gauge');
    if (dialect === 'postgres') {
      expect(value(body, 'papo_db_pool_connections{state="idle"}')).toBeGreaterThanOrEqual(0);
      expect(value(body, 'papo_db_pool_waiting')).toBe(0);
      expect(value(body, 'papo_db_pool_max')).toBe(10);
    } else expect(body).not.toContain('papo_db_pool');
    if (redisUrl) {
      expect(value(body, 'papo_redis_connected{connection="socket_adapter"}')).toBe(1);
      expect(value(body, 'papo_redis_connected{connection="bus"}')).toBe(1);
    }
    socket.disconnect();
  });
});

describe('metrics registries', () => {
  it('are separate per app, so two apps in one process do not collide', async () => {
    const [a, b] = await Promise.all([buildTestApp(), buildTestApp()]);
    try {
      await a.app.inject({ method: 'GET', url: '/healthz' });
      const metricsOfB = (await b.app.inject({ method: 'GET', url: '/metrics' })).body;
      expect(metricsOfB).not.toContain('route="/healthz"');
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});

const build = useWebBuild();

describe('request durations of pages', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { WEB_DIST: build.dist } });
  }, 60_000);
  afterAll(() => t.close());

  it('counts a page under its route pattern, and as unmatched only an address no route has', async () => {
    const html = { accept: 'text/html' };
    expect((await t.app.inject({ url: '/blog', headers: html })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/blog?page=2', headers: html })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/blog/nada-disso', headers: html })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/nada/disso/aqui', headers: html })).statusCode).toBe(404);
    // A channel's page (`/:slug`) has the shape of this address, but a missing picture is a miss, not a page.
    expect((await t.app.inject({ url: '/nada-disso.png', headers: { accept: '*/*' } })).statusCode).toBe(404);
    const body = (await t.app.inject({ url: '/metrics' })).body;
    const count = (route: string, status: number) =>
      Number(
        new RegExp(
          `^http_request_duration_seconds_count\\{method="GET",route="${route}",status_code="${status}"\\} (\\d+)$`,
          'm',
        ).exec(body)?.[1] ?? 0,
      );
    expect(count('/blog', 200)).toBe(1);
    expect(count('/blog', 404)).toBe(1);
    expect(count('/blog/:slug', 404)).toBe(1);
    expect(count('unmatched', 404)).toBe(2);
    expect(body).not.toContain('route="/:slug"');
  });
});
