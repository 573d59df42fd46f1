import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { hasRedis } from '../../test/cluster.js';
import { describeEachDialect } from '../../test/db.js';
import { heardWrite, startTwoNodes, type TwoNodes } from '../../test/nodes.js';
import { writingUntold } from '../../db/changes.js';
import { companyStore } from './store.js';

const read = (app: FastifyInstance, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url: '/api/company/1', headers });

describeEachDialect('the company cache on one node', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ dialect });
  });
  afterAll(() => t.close());

  it('serves from memory: a change behind its back is not seen, a change through the store is seen by the next read', async () => {
    expect((await read(t.app)).json()).toMatchObject({ name: 'Papo' });
    await writingUntold(() =>
      t.app.db.updateTable('company').set({ name: 'Behind its back' }).where('id', '=', 1).execute(),
    );
    expect((await read(t.app)).json()).toMatchObject({ name: 'Papo' });

    expect(await companyStore(t.app).update(1, { name: 'Papo Novo', slogan: 'Outro slogan' })).toBe(true);
    expect((await read(t.app)).json()).toMatchObject({ id: 1, name: 'Papo Novo', slogan: 'Outro slogan' });
  });

  it('answers 304 to the ETag it gave until the record changes, with Cache-Control for a public read', async () => {
    const first = await read(t.app);
    const etag = String(first.headers.etag);
    expect(first.headers['cache-control']).toBe('public, no-cache');
    const again = await read(t.app, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    expect((await read(t.app, { 'if-none-match': `"other", W/${etag}` })).statusCode).toBe(304);

    await companyStore(t.app).update(1, { description: 'Nova descrição' });
    const changed = await read(t.app, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.json()).toMatchObject({ description: 'Nova descrição' });
  });

  it('does not cache a missing record: one created later is found', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/company/2' })).statusCode).toBe(404);
    await t.app.db
      .insertInto('company')
      .values({ name: 'Dois', slogan: 's', description: 'd', email: 'e@example.com', url: 'https://x.example' })
      .execute();
    expect((await t.app.inject({ method: 'GET', url: '/api/company/2' })).json()).toMatchObject({
      id: 2,
      name: 'Dois',
    });
  });
});

describe.skipIf(!hasRedis)('the company cache across two nodes with Redis', () => {
  let cluster: TwoNodes;
  beforeAll(async () => {
    cluster = await startTwoNodes(process.env.TEST_REDIS_URL!);
  });
  afterAll(() => cluster.close());

  it('a change through one node is seen by the next read on the other, once its invalidation arrives', async () => {
    const [a, b] = cluster.nodes;
    expect(a.caches.trusted && b.caches.trusted).toBe(true);
    expect((await read(a)).json()).toMatchObject({ name: 'Papo' });
    const before = await read(b);
    expect(before.json()).toMatchObject({ name: 'Papo' });

    const heard = heardWrite(b, 'company');
    await companyStore(a).update(1, { name: 'Papo em Dois' });
    expect((await read(a)).json()).toMatchObject({ name: 'Papo em Dois' });
    await heard;
    const after = await read(b, { 'if-none-match': String(before.headers.etag) });
    expect(after.statusCode).toBe(200);
    expect(after.json()).toMatchObject({ name: 'Papo em Dois' });
  });
});

describe('a node that cannot hear Redis', () => {
  let t: TestApp;
  beforeAll(async () => {
    // port 1 refuses connections at once; the node starts anyway and never trusts its memory.
    t = await buildTestApp({ env: { REDIS_URL: 'redis://127.0.0.1:1' } });
  });
  afterAll(() => t.close());

  it('reads the database every time, so a change made by any other node is seen', async () => {
    expect(t.app.caches.trusted).toBe(false);
    expect((await read(t.app)).json()).toMatchObject({ name: 'Papo' });
    await t.app.db.updateTable('company').set({ name: 'Elsewhere' }).where('id', '=', 1).execute();
    expect((await read(t.app)).json()).toMatchObject({ name: 'Elsewhere' });
  });
});
