import type { Article } from '@papo/contract/articles';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { hasRedis } from '../../test/cluster.js';
import { describeEachDialect } from '../../test/db.js';
import { startTwoNodes, type TwoNodes } from '../../test/nodes.js';
import { buildUser } from '../../test/users.js';
import { countQueries, versionReads } from '../search/test-support.js';
import { articleFields, createArticle, deleteArticle, patchArticle, updateArticle } from './service.js';
import { articleDeps, publishArticle } from './test-support.js';

const read = (app: FastifyInstance, url: string, headers: Record<string, string> = {}) => app.inject({ url, headers });
const article = async (app: FastifyInstance, url: string) => {
  const response = await read(app, url);
  expect(response.statusCode, url).toBe(200);
  return response.json<Article>();
};
const status = async (app: FastifyInstance, url: string) => (await read(app, url)).statusCode;

describeEachDialect('single article answers kept in memory, on one node', (dialect) => {
  let t: TestApp;
  let authorId: number;
  beforeAll(async () => {
    t = await buildTestApp({ dialect });
    authorId = (await buildUser(t.app, { username: 'cronista' })).id;
  });
  afterAll(() => t.close());

  it('answers a repeated read from memory, reading only the version, with the same body', async () => {
    const { slug } = await publishArticle(
      t.app,
      { title: 'Lembrado', content: '<p>Texto <script>x</script>lembrado</p>' },
      authorId,
    );
    const first = await read(t.app, `/api/article/${slug}`);
    const queries = countQueries(t.app);
    try {
      const again = await read(t.app, `/api/article/${slug}`);
      expect(queries.count).toBe(versionReads(dialect));
      expect(again.body).toBe(first.body);
      expect(again.json<Article>().content).toBe('<p>Texto lembrado</p>');
    } finally {
      queries.stop();
    }
  });

  it('sees every write through the service at the next read: update, unpublish, republish, delete', async () => {
    const { id, slug } = await publishArticle(t.app, { title: 'Versão um' }, authorId);
    expect((await article(t.app, `/api/article/${slug}`)).title).toBe('Versão um');
    await updateArticle(
      articleDeps(t.app),
      id,
      articleFields({
        title: 'Versão dois',
        slug,
        content: '<p>dois</p>',
        isPublished: true,
      }),
    );
    expect(await article(t.app, `/api/article/${slug}`)).toMatchObject({
      title: 'Versão dois',
      content: '<p>dois</p>',
    });
    await patchArticle(articleDeps(t.app), id, { isPublished: false });
    expect(await status(t.app, `/api/article/${slug}`)).toBe(404);
    await patchArticle(articleDeps(t.app), id, { isPublished: true });
    expect(await status(t.app, `/api/article/${slug}`)).toBe(200);
    await deleteArticle(articleDeps(t.app), id);
    expect(await status(t.app, `/api/article/${slug}`)).toBe(404);
  });

  it('sees writes made around the service at the next read: the row, its category, its author', async () => {
    const [category] = await t.app.db.selectFrom('article_categories').select(['id', 'key']).orderBy('id').execute();
    const { id, slug } = await publishArticle(t.app, { title: 'Por fora', categoryId: category!.id }, authorId);
    expect(await article(t.app, `/api/article/${slug}`)).toMatchObject({
      title: 'Por fora',
      categoryKey: category!.key,
    });

    await t.app.db.updateTable('articles').set({ title: 'Editado à mão' }).where('id', '=', id).execute();
    expect((await article(t.app, `/api/article/${slug}`)).title).toBe('Editado à mão');

    await t.app.db.updateTable('users').set({ welcome_message: 'Olá, leitores' }).where('id', '=', authorId).execute();
    expect((await article(t.app, `/api/article/${slug}`)).welcomeMessage).toBe('Olá, leitores');
    await t.app.db
      .updateTable('users')
      .set({ profile_image: 'profiles/nova.webp' })
      .where('id', '=', authorId)
      .execute();
    expect((await article(t.app, `/api/article/${slug}`)).profileImage).toBe('profiles/nova.webp');

    await t.app.db.updateTable('article_categories').set({ key: 'renamed' }).where('id', '=', category!.id).execute();
    expect((await article(t.app, `/api/article/${slug}`)).categoryKey).toBe('renamed');
    await t.app.db
      .updateTable('article_categories')
      .set({ key: category!.key })
      .where('id', '=', category!.id)
      .execute();
  });

  it('keeps a lyric’s neighbours and the newest article current', async () => {
    const a = await publishArticle(t.app, { title: 'Atirei o pau no gato', isLyrics: true });
    const c = await publishArticle(t.app, { title: 'Ciranda', isLyrics: true });
    expect(await article(t.app, `/api/lyrics/${a.slug}`)).toMatchObject({ next: c.slug, previous: c.slug });
    expect(await article(t.app, `/api/lyrics/${a.id}`)).toMatchObject({ slug: a.slug, next: c.slug });
    const b = await publishArticle(t.app, { title: 'Borboletinha', isLyrics: true });
    expect(await article(t.app, `/api/lyrics/${a.slug}`)).toMatchObject({ next: b.slug, previous: c.slug });
    expect(await article(t.app, `/api/lyrics/${a.id}`)).toMatchObject({ next: b.slug });

    const latest = await publishArticle(t.app, { title: 'A mais nova' });
    expect((await article(t.app, '/api/articleLast')).slug).toBe(latest.slug);
    const newer = await publishArticle(t.app, { title: 'Mais nova ainda' });
    expect((await article(t.app, '/api/articleLast')).slug).toBe(newer.slug);
  });

  it('answers 304 to the ETag it gave until an article changes, with Cache-Control for a public read', async () => {
    const { id, slug } = await publishArticle(t.app, { title: 'Com etiqueta' });
    const first = await read(t.app, `/api/article/${slug}`);
    const etag = String(first.headers.etag);
    expect(first.headers['cache-control']).toBe('public, no-cache');
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    const again = await read(t.app, `/api/article/${slug}`, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    await updateArticle(
      articleDeps(t.app),
      id,
      articleFields({
        title: 'Com etiqueta nova',
        slug,
        content: '<p>y</p>',
        isPublished: true,
      }),
    );
    const changed = await read(t.app, `/api/article/${slug}`, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.json<Article>().title).toBe('Com etiqueta nova');
  });

  it('keeps no answer of a write its caller rolls back, and remembers no 404', async () => {
    expect(await status(t.app, '/api/article/desfeito')).toBe(404);
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
    expect(await status(t.app, '/api/article/desfeito')).toBe(404);
    await publishArticle(t.app, { title: 'Desfeito' });
    expect(await status(t.app, '/api/article/desfeito')).toBe(200);
  });
});

describe.skipIf(!hasRedis)('single article answers across two nodes', () => {
  let cluster: TwoNodes;
  beforeAll(async () => {
    cluster = await startTwoNodes(process.env.TEST_REDIS_URL!);
  });
  afterAll(() => cluster.close());

  it('a write through one node is seen by the next read on the other', async () => {
    const [a, b] = cluster.nodes;
    const { id, slug } = await publishArticle(a, { title: 'No nó A' });
    expect((await article(b, `/api/article/${slug}`)).title).toBe('No nó A');
    await updateArticle(
      articleDeps(a),
      id,
      articleFields({ title: 'Revisto no nó A', slug, content: '<p>r</p>', isPublished: true }),
    );
    expect((await article(b, `/api/article/${slug}`)).title).toBe('Revisto no nó A');
    const lyric = await publishArticle(b, { title: 'Escrita no nó B', isLyrics: true });
    expect((await article(a, `/api/lyrics/${lyric.slug}`)).title).toBe('Escrita no nó B');
    await deleteArticle(articleDeps(b), lyric.id);
    expect(await status(a, `/api/lyrics/${lyric.slug}`)).toBe(404);
  });
});
