import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { describeEachDialect } from '../../test/db.js';

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
    expect(res.body).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/healthz",status_code="200"\} [1-9]/);
  });

  it('GET /readyz answers 503 database_unreachable once the database is gone', async () => {
    await t.database.handle.close();
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ message: 'database_unreachable' });
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
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
