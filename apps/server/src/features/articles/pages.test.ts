import type { ArticlePage, LyricsPage } from '@papo/contract/articles';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writingUntold } from '../../db/changes.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { hasRedis } from '../../test/cluster.js';
import { describeEachDialect } from '../../test/db.js';
import { heardWrite, startTwoNodes, type TwoNodes } from '../../test/nodes.js';
import { articleFields, createArticle, deleteArticle, releaseDueArticles, updateArticle } from './service.js';
import { articleDeps, publishArticle } from './test-support.js';

const read = (app: FastifyInstance, url: string, headers: Record<string, string> = {}) => app.inject({ url, headers });
const articles = async (app: FastifyInstance, url = '/api/articles?page=1&limit=5') =>
  (await read(app, url)).json<ArticlePage>();
const titles = (page: ArticlePage) => page.articles.map((a) => a.title);

describeEachDialect('the article list pages kept in memory, on one node', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ dialect });
    await publishArticle(t.app, { title: 'Primeiro' });
  });
  afterAll(() => t.close());

  it('serves a page from memory: a row written behind the service’s back is not seen, a write through it is seen by the next read', async () => {
    expect(titles(await articles(t.app))).toEqual(['Primeiro']);
    await writingUntold(() => t.app.db.updateTable('articles').set({ title: 'Escrito por fora' }).execute());
    expect(titles(await articles(t.app))).toEqual(['Primeiro']);

    const { id } = await publishArticle(t.app, { title: 'Segundo' });
    const page = await articles(t.app);
    expect(titles(page)).toEqual(['Segundo', 'Escrito por fora']);
    expect(page.total).toBe(2);

    await updateArticle(
      articleDeps(t.app),
      id,
      articleFields({ title: 'Segundo revisto', content: '<p>x</p>', isPublished: true }),
    );
    expect(titles(await articles(t.app))).toEqual(['Segundo revisto', 'Escrito por fora']);

    await updateArticle(
      articleDeps(t.app),
      id,
      articleFields({ title: 'Segundo revisto', content: '<p>x</p>', isPublished: false }),
    );
    expect(await articles(t.app)).toMatchObject({ total: 1, articles: [{ title: 'Escrito por fora' }] });

    await deleteArticle(articleDeps(t.app), id);
    expect((await articles(t.app)).total).toBe(1);
  });

  it('keeps each page, limit and category apart', async () => {
    const [category] = await t.app.db.selectFrom('article_categories').select('id').orderBy('id').execute();
    await publishArticle(t.app, { title: 'Na categoria', categoryId: category!.id });
    await publishArticle(t.app, { title: 'Fora da categoria' });
    expect(titles(await articles(t.app, `/api/articles?page=1&limit=5&category=${category!.id}`))).toEqual([
      'Na categoria',
    ]);
    expect(titles(await articles(t.app, '/api/articles?page=1&limit=1'))).toEqual(['Fora da categoria']);
    expect(titles(await articles(t.app, '/api/articles?page=2&limit=1'))).toEqual(['Na categoria']);
  });

  it('sees a scheduled article once it is released', async () => {
    const publishAt = new Date(Date.now() + 60_000).toISOString();
    await createArticle(
      articleDeps(t.app),
      null,
      articleFields({
        title: 'Agendado',
        content: '<p>a</p>',
        isPublished: true,
        publishAt,
      }),
    );
    expect(titles(await articles(t.app))).not.toContain('Agendado');
    expect(await releaseDueArticles(articleDeps(t.app), new Date(Date.now() + 120_000))).toBe(1);
    expect(titles(await articles(t.app))[0]).toBe('Agendado');
  });

  it('keeps the lyrics list too, forgotten by a lyric’s write', async () => {
    const lyrics = async () => (await read(t.app, '/api/lyrics?page=1&limit=10')).json<LyricsPage>();
    expect((await lyrics()).total).toBe(0);
    await publishArticle(t.app, { title: 'Ciranda', isLyrics: true });
    expect((await lyrics()).lyrics.map((l) => l.title)).toEqual(['Ciranda']);
  });

  it('answers 304 to the ETag it gave until an article is written, with Cache-Control for a public read', async () => {
    const first = await read(t.app, '/api/articles');
    const etag = String(first.headers.etag);
    expect(first.headers['cache-control']).toBe('public, no-cache');
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    const again = await read(t.app, '/api/articles', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    await publishArticle(t.app, { title: 'Mais um' });
    const changed = await read(t.app, '/api/articles', { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(titles(changed.json<ArticlePage>())).toContain('Mais um');
  });

  it('forgets nothing for a write its caller rolls back, and nothing was changed', async () => {
    const before = await articles(t.app);
    await expect(
      t.app.db.transaction().execute(async (trx) => {
        await createArticle(
          { ...articleDeps(t.app), db: trx },
          null,
          articleFields({ title: 'Desfeito', isPublished: true }),
        );
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await articles(t.app)).toEqual(before);
  });
});

describe.skipIf(!hasRedis)('the article list pages across two nodes with Redis', () => {
  let cluster: TwoNodes;
  beforeAll(async () => {
    cluster = await startTwoNodes(process.env.TEST_REDIS_URL!);
  });
  afterAll(() => cluster.close());

  it('a write through one node is seen by the next read on the other, once its invalidation arrives', async () => {
    const [a, b] = cluster.nodes;
    expect(a.caches.trusted && b.caches.trusted).toBe(true);
    expect((await articles(a)).total).toBe(0);
    const before = await read(b, '/api/articles?page=1&limit=5');
    expect(before.json<ArticlePage>().total).toBe(0);

    const heard = heardWrite(b, 'articles');
    await publishArticle(a, { title: 'Publicado no nó A' });
    expect(titles(await articles(a))).toEqual(['Publicado no nó A']);
    await heard;
    const after = await read(b, '/api/articles?page=1&limit=5', { 'if-none-match': String(before.headers.etag) });
    expect(after.statusCode).toBe(200);
    expect(titles(after.json<ArticlePage>())).toEqual(['Publicado no nó A']);
  });
});
