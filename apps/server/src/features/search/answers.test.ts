import type { LyricsSearchResponse, SearchResponse } from '@papo/contract/search';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { hasRedis } from '../../test/cluster.js';
import { describeEachDialect } from '../../test/db.js';
import { startTwoNodes, type TwoNodes } from '../../test/nodes.js';
import { articleFields, deleteArticle, updateArticle } from '../articles/service.js';
import { articleDeps, publishArticle } from '../articles/test-support.js';
import { countQueries, versionReads } from './test-support.js';

const search = (app: FastifyInstance, q: string, headers: Record<string, string> = {}) =>
  app.inject({ url: `/api/search?q=${encodeURIComponent(q)}`, headers });
const slugs = async (app: FastifyInstance, q: string) =>
  (await search(app, q)).json<SearchResponse>().results.map((r) => r.slug);

describeEachDialect('search answers kept in memory, on one node', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ dialect });
    await publishArticle(t.app, { title: 'Fado em Lisboa', content: '<p>Guitarra portuguesa</p>' });
  });
  afterAll(() => t.close());

  it('answers a repeated search from memory, reading only the index version (on PostgreSQL not even that: it is heard)', async () => {
    expect(await slugs(t.app, 'lisboa')).toEqual(['fado-em-lisboa']);
    const queries = countQueries(t.app);
    try {
      expect(await slugs(t.app, 'lisboa')).toEqual(['fado-em-lisboa']);
      expect(queries.count).toBe(versionReads(dialect));
    } finally {
      queries.stop();
    }
  });

  it('sees every write through the services at the next search', async () => {
    expect(await slugs(t.app, 'samba')).toEqual([]);
    const { id } = await publishArticle(t.app, { title: 'Samba no pé' });
    expect(await slugs(t.app, 'samba')).toEqual(['samba-no-pe']);
    await updateArticle(
      articleDeps(t.app),
      id,
      articleFields({ title: 'Choro no pé', content: '<p>x</p>', isPublished: true }),
    );
    expect(await slugs(t.app, 'samba')).toEqual([]);
    expect(await slugs(t.app, 'choro')).toEqual(['samba-no-pe']);
    await deleteArticle(articleDeps(t.app), id);
    expect(await slugs(t.app, 'choro')).toEqual([]);
  });

  it('sees a write to the documents made around the services (a hand edit) at the next search', async () => {
    const before = (await search(t.app, 'lisboa')).json<SearchResponse>();
    expect(before.results[0]?.cover).toBeNull();
    await t.app.db
      .updateTable('search_documents')
      .set({ cover: 'covers/novo.webp' })
      .where('slug', '=', 'fado-em-lisboa')
      .execute();
    expect((await search(t.app, 'lisboa')).json<SearchResponse>().results[0]?.cover).toBe('covers/novo.webp');
  });

  it('keeps the blog and lyrics searches, and exact lyrics searches, apart', async () => {
    await publishArticle(t.app, { title: 'Ciranda cirandinha', isLyrics: true });
    expect(await slugs(t.app, 'ciranda')).toEqual([]);
    const lyrics = async (q: string) =>
      (await t.app.inject({ url: `/api/search_lyrics?q=${q}` })).json<LyricsSearchResponse>();
    expect((await lyrics('cirandihna')).usedQuery).toBe('cirandinha');
    expect(await lyrics('cirandihna&exact=1')).toEqual({
      results: [],
      suggestion: 'cirandinha',
      usedQuery: 'cirandihna',
    });
    expect((await lyrics('cirandihna')).results.map((r) => r.slug)).toEqual(['ciranda-cirandinha']);
  });

  it('answers 304 to the ETag it gave until the index changes, with Cache-Control for a public read', async () => {
    const first = await search(t.app, 'fado');
    const etag = String(first.headers.etag);
    expect(first.headers['cache-control']).toBe('public, no-cache');
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect((await search(t.app, 'fado', { 'if-none-match': etag })).statusCode).toBe(304);
    await publishArticle(t.app, { title: 'Outro fado' });
    const changed = await search(t.app, 'fado', { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.json<SearchResponse>().results.map((r) => r.slug)).toContain('outro-fado');
  });
});

describe.skipIf(!hasRedis)('search answers across two nodes', () => {
  let cluster: TwoNodes;
  beforeAll(async () => {
    cluster = await startTwoNodes(process.env.TEST_REDIS_URL!);
  });
  afterAll(() => cluster.close());

  it('a write through one node is seen by the next search on the other', async () => {
    const [a, b] = cluster.nodes;
    expect(await slugs(b, 'maracatu')).toEqual([]);
    expect(await slugs(b, 'maracatu')).toEqual([]);
    await publishArticle(a, { title: 'Maracatu atômico' });
    expect(await slugs(b, 'maracatu')).toEqual(['maracatu-atomico']);
  });
});
