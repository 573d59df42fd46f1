import type { Article, ArticleSummary, AuthorPage } from '@papo/contract/articles';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { publishArticle } from '../features/articles/test-support.js';
import { buildTestApp, type TestApp } from '../test/app.js';
import { describeEachDialect } from '../test/db.js';
import { buildUser } from '../test/users.js';
import { useWebBuild } from '../test/web-build.js';

/*
 * Articles worth staying for: a reading time, an author shown by their display name with a page of their own, three
 * related articles (same category, then shared words), and songs credited to their composer — or the public domain when
 * unknown — never to the account that typed them in.
 */
const build = useWebBuild();

type Node = Record<string, unknown>;

describeEachDialect('article pages', (dialect) => {
  let t: TestApp;
  let categories: number[];

  beforeAll(async () => {
    t = await buildTestApp({ dialect, env: { WEB_DIST: build.dist, PUBLIC_URL: 'https://papo.example' } });
    const author = await buildUser(t.app, { username: 'ana_escreve', name: 'Ana Escritora' });
    await buildUser(t.app, { username: 'sem_artigos', name: 'Sem Artigos' });
    categories = (await t.app.db.selectFrom('article_categories').select('id').orderBy('id').execute()).map(
      (row) => row.id,
    );
    const [first = 0, second = 0] = categories;
    const words = (count: number) => `<p>${Array.from({ length: count }, (_, i) => `palavra${i}`).join(' ')}</p>`;
    await publishArticle(t.app, { title: 'Receita de bolo', categoryId: second }, author.id);
    await publishArticle(t.app, { title: 'Lisboa à noite', categoryId: second }, author.id);
    await publishArticle(t.app, { title: 'Mercado do bairro', categoryId: first }, author.id);
    await publishArticle(t.app, { title: 'Feira de Lisboa', categoryId: first, content: words(450) }, author.id);
    await publishArticle(t.app, { title: 'Sapo cururu', isLyrics: true }, author.id);
    await publishArticle(t.app, { title: 'Ó abre alas', isLyrics: true, composer: 'Chiquinha Gonzaga' }, author.id);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  const page = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
    const document = new JSDOM(res.body).window.document;
    const blocks = [...document.querySelectorAll('script[type="application/ld+json"]')].map(
      (script) => JSON.parse(script.textContent ?? '{}') as Node,
    );
    const nodes = blocks.flatMap((block) => (Array.isArray(block['@graph']) ? (block['@graph'] as Node[]) : [block]));
    return { status: res.statusCode, document, nodes };
  };

  it("answers an article with its reading time and its author's display name and username", async () => {
    const article = (await t.app.inject({ url: '/api/article/feira-de-lisboa' })).json<Article>();
    expect(article.readingMinutes).toBe(3);
    expect(article.author).toEqual({ name: 'Ana Escritora', username: 'ana_escreve' });
    expect((await t.app.inject({ url: '/api/article/mercado-do-bairro' })).json<Article>().readingMinutes).toBe(1);
  });

  it("relates the same category's articles first, then those sharing a word of the title, never the article itself", async () => {
    const related = (await t.app.inject({ url: '/api/article/feira-de-lisboa/related' })).json<ArticleSummary[]>();
    expect(related.map((article) => article.title)).toEqual(['Mercado do bairro', 'Lisboa à noite']);
    expect((await t.app.inject({ url: '/api/article/nada-disso/related' })).statusCode).toBe(404);
  });

  it('shows the byline, the reading time and the related articles, and names the author in the JSON-LD', async () => {
    const { status, document, nodes } = await page('/blog/feira-de-lisboa');
    expect(status).toBe(200);
    const byline = document.querySelector('[data-testid="article-byline"]');
    expect(byline?.textContent).toContain('3 min de leitura');
    expect(byline?.querySelector('a[href="/autor/ana_escreve"]')?.textContent).toBe('Ana Escritora');
    const related = [...document.querySelectorAll('[data-testid="related-articles"] h3 a')].map((link) =>
      link.getAttribute('href'),
    );
    expect(related).toEqual(['/blog/mercado-do-bairro', '/blog/lisboa-a-noite']);
    const article = nodes.find((node) => node['@type'] === 'Article');
    expect(article?.author).toEqual({
      '@type': 'Person',
      name: 'Ana Escritora',
      url: 'https://papo.example/autor/ana_escreve',
    });
  });

  it('credits a song to its composer, else to the public domain, never to the account that published it', async () => {
    const traditional = await page('/lyrics/sapo-cururu');
    expect(traditional.status).toBe(200);
    expect(traditional.nodes.find((node) => node['@type'] === 'Article')?.author).toEqual({
      '@type': 'Person',
      name: 'Domínio público',
    });
    expect(traditional.document.querySelector('[data-testid="lyric-composer"]')?.textContent).toBe('Domínio público');
    const composed = await page('/lyrics/o-abre-alas');
    expect(composed.status).toBe(200);
    expect(composed.nodes.find((node) => node['@type'] === 'Article')?.author).toEqual({
      '@type': 'Person',
      name: 'Chiquinha Gonzaga',
    });
    expect(composed.document.querySelector('[data-testid="lyric-composer"]')?.textContent).toBe(
      'Composição: Chiquinha Gonzaga',
    );
  });

  it('gives an author a page listing their articles, and no page to anyone without one', async () => {
    const api = (await t.app.inject({ url: '/api/authors/Ana_Escreve' })).json<AuthorPage>();
    expect(api).toMatchObject({ name: 'Ana Escritora', username: 'ana_escreve' });
    expect(api.articles.map((article) => article.title)).toEqual([
      'Feira de Lisboa',
      'Mercado do bairro',
      'Lisboa à noite',
      'Receita de bolo',
    ]);
    const { status, document, nodes } = await page('/autor/ana_escreve');
    expect(status).toBe(200);
    expect(document.querySelector('h1')?.textContent).toBe('Artigos de Ana Escritora');
    expect(
      [...document.querySelectorAll('[data-testid="author-articles"] a')].map((link) => link.getAttribute('href')),
    ).toHaveLength(4);
    expect(nodes.find((node) => node['@type'] === 'ProfilePage')?.mainEntity).toMatchObject({
      '@type': 'Person',
      name: 'Ana Escritora',
    });
    for (const url of ['/autor/sem_artigos', '/autor/ninguem', '/autor/x']) {
      const missing = await page(url);
      expect(missing.status, url).toBe(404);
      expect(missing.document.querySelector('meta[name="robots"]')?.getAttribute('content'), url).toBe('noindex');
    }
    expect((await t.app.inject({ url: '/api/authors/ninguem' })).json()).toEqual({ message: 'author_not_found' });
    expect((await t.app.inject({ url: '/sitemap.xml' })).body).toContain(
      '<loc>https://papo.example/autor/ana_escreve</loc>',
    );
  });
});
