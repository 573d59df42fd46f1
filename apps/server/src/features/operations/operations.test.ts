import { randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { OperationsAnswer } from '@papo/contract/operations';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeSchemaVersion } from '../../db/migrate.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { describeEachDialect } from '../../test/db.js';
import { freePort } from '../../test/server-process.js';
import { useStaffSuite } from '../../test/staff-matrix.js';
import { buildUser, personas } from '../../test/users.js';
import { waitFor } from '../../test/wait-for.js';
import { nodeStatus } from './status.js';

describeEachDialect('the operations screen: GET /api/operations', (dialect) => {
  const suite = useStaffSuite(dialect, { member: 'opsmember', moderator: 'opsmoderator', admin: 'opsadmin' });
  const get = (who: 'anonymous' | 'member' | 'moderator' | 'admin') =>
    suite.call({ method: 'GET', url: '/api/operations' }, suite.as[who]);

  it.each([
    ['anonymous', 401, 'JWT Token not found'],
    ['member', 403, 'forbidden'],
    ['moderator', 403, 'forbidden'],
  ] as const)('refuses %s', async (who, status, message) => {
    const res = await get(who);
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({ message });
  });

  it('shows an administrator this node as /readyz and /metrics see it', async () => {
    const res = await get('admin');
    expect(res.statusCode).toBe(200);
    const { nodes } = res.json<OperationsAnswer>();
    expect(nodes).toHaveLength(1);
    const [self] = nodes;
    expect(self).toMatchObject({
      self: true,
      release: codeSchemaVersion,
      node: process.version,
      // the tests run the server from its sources, not a bundle.
      builtAt: null,
      readiness: { status: 'ready', reason: null },
      sockets: 0,
      ircLinks: null,
      database: { dialect, schema: codeSchemaVersion, pending: 0 },
      lastBackup: null,
    });
    expect(self?.checks).toEqual([
      { name: 'database', state: 'ok', detail: null },
      { name: 'redis', state: 'off', detail: 'off' },
      { name: 'uploads', state: 'ok', detail: null },
      { name: 'mail', state: 'ok', detail: 'outbox' },
    ]);
    expect(Date.parse(self?.startedAt ?? '')).toBeLessThanOrEqual(Date.parse(self?.seenAt ?? ''));
  });

  it('shows the newest backup of DATA_DIR: the one taken before the last upgrade', async () => {
    const folder = path.join(suite.app.config.DATA_DIR, 'backups', '20261201T101500Z-before-2026_12_01_350_x');
    await mkdir(folder, { recursive: true });
    await mkdir(path.join(suite.app.config.DATA_DIR, 'backups', '20261130T090000Z-before-2026_11_30_200_y'));
    const [self] = (await get('admin')).json<OperationsAnswer>().nodes;
    expect(self?.lastBackup).toEqual({ at: '2026-12-01T10:15:00.000Z', folder, kind: 'before_upgrade' });
  });
});

describeEachDialect('the operations screen of a node whose database is gone', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ dialect });
  });
  afterAll(() => t.close());

  it("says what /readyz says: not ready, the database's check failing", async () => {
    await t.database.handle.close();
    // the status itself: with the handle closed, no signed-in call gets past its token check.
    const self = await nodeStatus(t.app, 'down');
    expect(self.readiness).toEqual({ status: 'not_ready', reason: 'database_unreachable' });
    expect(self.checks[0]).toEqual({ name: 'database', state: 'failing', detail: 'database_unreachable' });
    expect(self.database.schema).toBeNull();
  });
});

describe('the operations screen of a node whose REDIS_URL answers nothing', () => {
  it('says what /readyz says: not ready, Redis unreachable', async () => {
    // Nothing listens on the port: each connection to it is refused.
    const dead = await buildTestApp({ env: { REDIS_URL: `redis://127.0.0.1:${await freePort()}` } });
    try {
      const self = await nodeStatus(dead.app, 'no-redis');
      expect(self.readiness).toEqual({ status: 'not_ready', reason: 'redis_unreachable' });
      expect(self.checks.find((check) => check.name === 'redis')?.state).toBe('degraded');
    } finally {
      await dead.close();
    }
  });
});

const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!redisUrl)('the operations screen of two nodes sharing Redis', () => {
  const env = { REDIS_URL: redisUrl ?? '', REDIS_PREFIX: `ops-${randomUUID().slice(0, 8)}` };
  let a: TestApp;
  let b: TestApp | undefined;
  let admin: Record<string, string>;
  beforeAll(async () => {
    a = await buildTestApp({ env: { ...env, PORT: '4201' } });
    await a.app.ready();
    admin = (await buildUser(a.app, { username: 'opsclusteradmin', roles: personas.admin })).headers;
  });
  afterAll(async () => {
    await b?.close();
    await a.close();
  });
  const nodesSeenByA = async () =>
    (await a.app.inject({ method: 'GET', url: '/api/operations', headers: admin })).json<OperationsAnswer>().nodes;

  it('lists the other node once it starts, with its own checks, and drops it when it stops', async () => {
    expect(await nodesSeenByA()).toHaveLength(1);
    b = await buildTestApp({ env: { ...env, PORT: '4202' } });
    await b.app.ready();
    await waitFor('node b on node a', async () => (await nodesSeenByA()).length === 2);
    const nodes = await nodesSeenByA();
    expect(nodes.map((node) => [node.self, node.name.endsWith(node.self ? ':4201' : ':4202')])).toEqual([
      [true, true],
      [false, true],
    ]);
    expect(nodes[1]?.checks.find((check) => check.name === 'redis')).toEqual({
      name: 'redis',
      state: 'ok',
      detail: 'connected',
    });
    await b.close();
    b = undefined;
    await waitFor('node b gone from node a', async () => (await nodesSeenByA()).length === 1);
  });

  it('lets a node still being built hear the others without starting it before its routes are in', async () => {
    const c = await buildTestApp({ env: { ...env, PORT: '4203' } });
    try {
      const heard = new Promise<void>((resolve) => c.app.bus.on('operations-status', () => resolve()));
      const status = await nodeStatus(a.app, 'node-a-reporting');
      await a.app.bus.publish('operations-status', JSON.stringify({ kind: 'status', status }));
      await heard;
      await new Promise((resolve) => setTimeout(resolve, 300));
      // A node whose build had not ended when it heard another went on to add its last routes to a started app, and
      // stopped with `The decorator … has been added after start`.
      expect(() => c.app.decorate('decoratedAfterHearingANode', true)).not.toThrow();
    } finally {
      await c.close();
    }
  });
});
