import type { ArticleInput } from '@papo/contract/article-schemas';
import type { Article, ArticleCategory, ArticlePage, LyricDetail, LyricsPage } from '@papo/contract/articles';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { describeEachDialect } from '../../test/db.js';
import { findActiveContent, xssPayloads } from '../../test/xss.js';
import { articleFields, createArticle, deleteArticle, updateArticle } from './service.js';
import { articleDeps, publishArticle } from './test-support.js';
import { buildUser } from '../../test/users.js';

describeEachDialect('articles and lyrics', (dialect) => {
  let t: TestApp;
  let authorId: number;
  const get = async <T>(url: string, status = 200) => {
    const response = await t.app.inject({ url });
    expect(response.statusCode, url).toBe(status);
    return response.json<T>();
  };

  beforeAll(async () => {
    t = await buildTestApp({ dialect, env: { PUBLIC_URL: 'https://papo.example' } });
    authorId = (await buildUser(t.app, { username: 'redatora' })).id;
  });
  afterAll(() => t?.close());

  it('derives a unique slug from the title and answers the spec’s fields and aliases', async () => {
    const [music] = await get<ArticleCategory[]>('/api/article-categories');
    const first = await publishArticle(
      t.app,
      { title: 'Ação: o começo', description: 'Resumo', categoryId: music?.id, youtube: 'dQw4w9WgXcQ' },
      authorId,
    );
    const second = await publishArticle(t.app, { title: 'Ação:  o  começo' }, authorId);
    expect([first.slug, second.slug]).toEqual(['acao-o-comeco', 'acao-o-comeco-2']);

    const article = await get<Article>('/api/article/acao-o-comeco');
    expect(article).toMatchObject({
      id: first.id,
      idPost: first.id,
      title: 'Ação: o começo',
      strTitle: 'Ação: o começo',
      content: '<p>Ação: o começo</p>',
      strPost: '<p>Ação: o começo</p>',
      description: 'Resumo',
      shortContent: 'Resumo',
      category: music?.id,
      categoryKey: 'music',
      youtube: 'dQw4w9WgXcQ',
      isPublished: true,
      isLyrics: false,
      authorName: 'Name of redatora',
      images: [],
    });
    expect(article.publishedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(article).toHaveProperty('welcomeMessage');
    expect(article).toHaveProperty('profileImage');
  });

  it('refuses a taken slug, a bad slug and invalid input with keys', async () => {
    const deps = articleDeps(t.app);
    // The fields are parsed as a write that comes from no route parses them; a refusal is a rejection either way.
    const create = async (raw: ArticleInput) => createArticle(deps, null, articleFields(raw));
    await expect(create({ title: 'Outro', slug: 'acao-o-comeco' })).rejects.toMatchObject({
      statusCode: 409,
      key: 'slug_taken',
    });
    await expect(create({ title: 'Outro', slug: 'Não Vale' })).rejects.toMatchObject({
      statusCode: 400,
    });
    await expect(create({ title: ' ' })).rejects.toMatchObject({
      statusCode: 400,
      errors: { title: ['title_required'] },
    });
    await expect(create({ title: 'x', description: 'd'.repeat(256) })).rejects.toMatchObject({
      errors: { description: ['too_long'] },
    });
    await expect(create({ title: 'x', cover: '../../etc/passwd' })).rejects.toMatchObject({
      errors: { cover: ['invalid_upload'] },
    });
    await expect(updateArticle(deps, 999_999, articleFields({ title: 'x' }))).rejects.toMatchObject({
      statusCode: 404,
      key: 'article_not_found',
    });
    await expect(deleteArticle(deps, 999_999)).rejects.toMatchObject({ statusCode: 404 });
  });

  it('hides unpublished articles and lyrics from every public read', async () => {
    const draft = await publishArticle(t.app, { title: 'Rascunho', isPublished: false });
    const lyricDraft = await publishArticle(t.app, { title: 'Letra rascunho', isPublished: false, isLyrics: true });
    await get('/api/article/rascunho', 404);
    await get(`/api/lyrics/${lyricDraft.id}`, 404);
    await get('/api/lyrics/letra-rascunho', 404);
    const page = await get<ArticlePage>('/api/articles?limit=100');
    expect(page.articles.map((a) => a.id)).not.toContain(draft.id);
    expect((await get<{ message: string }>('/api/article/nao-existe', 404)).message).toBe('article_not_found');
    expect((await get<{ message: string }>('/api/article/..%2F..%2Fx', 404)).message).toBe('article_not_found');
  });

  it('pages the blog newest first with a stable order, filtered by category', async () => {
    const categories = await get<ArticleCategory[]>('/api/article-categories');
    const travel = categories.find((c) => c.key === 'travel');
    for (let i = 1; i <= 5; i += 1) await publishArticle(t.app, { title: `Viagem ${i}`, categoryId: travel?.id });
    const one = await get<ArticlePage>(`/api/articles?limit=2&category=${travel?.id}`);
    const two = await get<ArticlePage>(`/api/articles?limit=2&page=2&category=${travel?.id}`);
    const three = await get<ArticlePage>(`/api/articles?limit=2&page=3&category=${travel?.id}`);
    expect([...one.articles, ...two.articles, ...three.articles].map((a) => a.title)).toEqual([
      'Viagem 5',
      'Viagem 4',
      'Viagem 3',
      'Viagem 2',
      'Viagem 1',
    ]);
    expect(one).toMatchObject({ total: 5, page: 1, limit: 2 });
    const latest = await get<Article>('/api/articleLast');
    expect(latest.title).toBe('Viagem 5');
    for (const query of ['limit=101', 'limit=0', 'page=0', 'page=x', 'category=abc']) {
      expect((await t.app.inject({ url: `/api/articles?${query}` })).statusCode, query).toBe(400);
    }
  });

  it('gives each lyric its neighbours in list order, wrapping around, by slug or id', async () => {
    const a = await publishArticle(t.app, { title: 'A canoa virou', isLyrics: true });
    const b = await publishArticle(t.app, { title: 'Borboletinha', isLyrics: true });
    const c = await publishArticle(t.app, { title: 'Cai cai balão', isLyrics: true });
    const list = await get<LyricsPage>('/api/lyrics');
    expect(list.lyrics.map((l) => l.slug)).toEqual([a.slug, b.slug, c.slug]);
    expect(list.lyrics[0]).toEqual({
      id: a.id,
      slug: a.slug,
      title: 'A canoa virou',
      cover: null,
      shortContent: 'A canoa virou',
    });

    expect(await get<LyricDetail>(`/api/lyrics/${b.slug}`)).toMatchObject({
      previous: a.slug,
      next: c.slug,
      first: a.slug,
      isLyrics: true,
    });
    expect(await get<LyricDetail>(`/api/lyrics/${c.id}`)).toMatchObject({
      slug: c.slug,
      previous: b.slug,
      next: a.slug,
      first: a.slug,
    });
    expect(await get<LyricDetail>(`/api/lyrics/${a.slug}`)).toMatchObject({ previous: c.slug, next: b.slug });
    await get('/api/lyrics/acao-o-comeco', 404);
    await get('/api/lyrics/99999999999', 404);
    await get('/api/article/a-canoa-virou');
  });

  it('joins a caller’s transaction: a rollback leaves neither the article nor its search entry', async () => {
    const rollback = t.app.db.transaction().execute(async (trx) => {
      await createArticle(
        { ...articleDeps(t.app), db: trx },
        null,
        articleFields({ title: 'Transação desfeita', isPublished: true }),
      );
      throw new Error('rolled back');
    });
    await expect(rollback).rejects.toThrow('rolled back');
    await get('/api/article/transacao-desfeita', 404);
    expect((await get<{ results: unknown[] }>('/api/search?q=desfeita')).results).toEqual([]);
  });

  it(`stores ${xssPayloads.length} XSS payloads as article HTML and serves them inert`, async () => {
    expect(xssPayloads.length).toBeGreaterThanOrEqual(30);
    const { id, slug } = await publishArticle(t.app, { title: 'Ataque', content: xssPayloads.join('\n') });
    const article = await get<Article>(`/api/article/${slug}`);
    expect(findActiveContent(article.content)).toEqual([]);
    expect(article.content).toContain('click');

    // Also when a row was written around the service (an old version, a hand edit): served HTML is sanitised again.
    await t.app.db
      .updateTable('articles')
      .set({ content: xssPayloads.join('\n'), updated_at: new Date(Date.now() + 1000).toISOString() })
      .where('id', '=', id)
      .execute();
    expect(findActiveContent((await get<Article>(`/api/article/${slug}`)).content)).toEqual([]);
  });
});
