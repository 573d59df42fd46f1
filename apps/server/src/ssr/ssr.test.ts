import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { publishArticle } from '../features/articles/test-support.js';
import { buildTestApp, type TestApp } from '../test/app.js';
import { useWebBuild } from '../test/web-build.js';
import { describeEachDialect } from '../test/db.js';

// NOTE: the real web build, shared with the other rendered-page tests and the e2e specs (test/web-build.ts).
const build = useWebBuild();

const firstParagraph = 'A feira começa cedo, com pastéis & caldo de cana <quentes>.';

describeEachDialect('public pages rendered by the server', (dialect) => {
  let t: TestApp;
  let slug: string;

  beforeAll(async () => {
    t = await buildTestApp({ dialect, env: { WEB_DIST: build.dist, PUBLIC_URL: 'https://papo.example' } });
    ({ slug } = await publishArticle(t.app, {
      title: 'Domingo na feira',
      description: 'Um passeio pela feira de domingo.',
      content: `<p>${firstParagraph.replace('&', '&amp;').replace('<', '&lt;').replace('>', '&gt;')}</p><p>Depois, o almoço.</p>`,
    }));
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  const page = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });

  it('answers /blog/{slug} with the article\'s title and first paragraph in the HTML, and its data handed over', async () => {
    const res = await page(`/blog/${slug}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    const root = res.body.slice(res.body.indexOf('<div id="root">'));
    expect(root).toMatch(/<h1[^>]*>Domingo na feira<\/h1>/);
    expect(root).toContain('<p>A feira começa cedo, com pastéis &amp; caldo de cana &lt;quentes&gt;.</p>');
    const handover = /<script type="application\/json" id="papo-handover">([\s\S]*?)<\/script>/.exec(res.body)?.[1];
    const state = JSON.parse(handover ?? '{}') as { language: string; queries: { queries: { queryKey: unknown[]; state: { status: string } }[] } };
    expect(state.language).toBe('pt');
    expect(state.queries.queries).toContainEqual(expect.objectContaining({ queryKey: ['articles', 'one', slug], state: expect.objectContaining({ status: 'success' }) }));
    // The head is the page's own, once: React's title and tags, plus the crawler-only ones of the preview.
    const head = res.body.slice(0, res.body.indexOf('</head>'));
    expect(head.match(/<title>/g)).toHaveLength(1);
    expect(head).toContain('<title>Domingo na feira - ');
    expect(head.match(/property="og:title"/g)).toHaveLength(1);
    expect(head).toContain('"@type":"Article"');
    expect(head).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/article-screen-[\w-]+\.js">/);
  });

  it('renders in the stored language, else Accept-Language, else Portuguese', async () => {
    const lang = async (headers: Record<string, string>) => /<html lang="(\w+)">/.exec((await page('/blog', headers)).body)?.[1];
    expect(await lang({})).toBe('pt');
    expect(await lang({ 'accept-language': 'es-ES,es;q=0.9,en;q=0.8' })).toBe('es');
    expect(await lang({ 'accept-language': 'de-DE,de;q=0.9,en;q=0.5' })).toBe('en');
    expect(await lang({ 'accept-language': 'en', cookie: 'accepted=true; user-language=fr' })).toBe('fr');
    expect((await page('/blog', { 'accept-language': 'en' })).body).toContain('>Blog</h1>');
  });

  it('keeps member pages to the browser, in the visitor\'s language, and never serves the renderer', async () => {
    const profile = await page('/profile', { 'accept-language': 'fr' });
    expect(profile.statusCode).toBe(200);
    expect(profile.body).toContain('<html lang="fr">');
    expect(profile.body).toContain('<div id="root"></div>');
    expect(profile.body).not.toContain('papo-handover');
    for (const url of ['/ssr/entry-server.js', '/.vite/manifest.json']) expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
  });

  it('answers an unknown article with the rendered 404 page and status 404', async () => {
    const res = await page('/blog/nao-existe');
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('data-testid="not-found"');
    expect(res.body).toContain('<meta name="robots" content="noindex" />');
  });

  it('compresses the page when the browser accepts it', async () => {
    const res = await page(`/blog/${slug}`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toContain('accept-language');
  });
});

it('builds the renderer with the production builds of React and its libraries, whatever NODE_ENV the server runs with', () => {
  // NOTE: read at run time, NODE_ENV would pick React's development build under `npm start`: two to three times slower.
  const folder = path.join(build.dist, 'ssr');
  const files = readdirSync(folder, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.js'));
  expect(files.length).toBeGreaterThan(0);
  const reading = files.filter((file) => readFileSync(path.join(folder, file), 'utf8').includes('process.env.NODE_ENV'));
  expect(reading).toEqual([]);
});
