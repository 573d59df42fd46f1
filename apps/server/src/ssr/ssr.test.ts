import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { publishArticle } from '../features/articles/test-support.js';
import { buildTestApp, type TestApp } from '../test/app.js';
import { useWebBuild } from '../test/web-build.js';
import { describeEachDialect } from '../test/db.js';

// the real web build, shared with the other rendered-page tests and the e2e specs (test/web-build.ts).
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

  const page = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });

  it("answers /blog/{slug} with the article's title and first paragraph in the HTML, and its data handed over", async () => {
    const res = await page(`/blog/${slug}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    const root = res.body.slice(res.body.indexOf('<div id="root">'));
    expect(root).toMatch(/<h1[^>]*>Domingo na feira<\/h1>/);
    expect(root).toContain('<p>A feira começa cedo, com pastéis &amp; caldo de cana &lt;quentes&gt;.</p>');
    const handover = /<script type="application\/json" id="papo-handover">([\s\S]*?)<\/script>/.exec(res.body)?.[1];
    const state = JSON.parse(handover ?? '{}') as {
      language: string;
      queries: { queries: { queryKey: unknown[]; state: { status: string } }[] };
    };
    expect(state.language).toBe('pt');
    expect(state.queries.queries).toContainEqual(
      expect.objectContaining({
        queryKey: ['articles', 'one', slug],
        state: expect.objectContaining({ status: 'success' }),
      }),
    );
    // The head is the page's own, once: the app's title and tags (components/page-meta.tsx), nothing added to it.
    const head = res.body.slice(0, res.body.indexOf('</head>'));
    expect(head.match(/<title>/g)).toHaveLength(1);
    expect(head).toContain('<title>Domingo na feira - ');
    for (const tag of [
      'name="description"',
      'rel="canonical"',
      'property="og:title"',
      'property="og:url"',
      'property="og:image"',
      'property="og:site_name"',
      'property="og:locale"',
      'property="article:published_time"',
    ]) {
      expect(head.split(tag).length - 1, tag).toBe(1);
    }
    expect(head).toContain(`<link rel="canonical" href="https://papo.example/blog/${slug}"/>`);
    // an article is a page of islands (decision 042): the public entry, not the app's, and no screen chunk.
    expect(head).toContain('<html lang="pt" data-origin="https://papo.example" data-islands>');
    const jsonLd = [...res.body.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
      (match) => JSON.parse(match[1]!) as Record<string, unknown>,
    );
    expect(jsonLd).toHaveLength(1);
    expect(jsonLd[0]).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Article',
      headline: 'Domingo na feira',
      url: `https://papo.example/blog/${slug}`,
    });
    expect(head).toMatch(/<script type="module" crossorigin src="\/assets\/public-entry-[\w-]+\.js"><\/script>/);
    expect(head).not.toMatch(/\/assets\/(index|vendor|shell|article-screen)-/);
  });

  it('renders in the stored language, else Portuguese: an English Accept-Language without a stored choice gets pt', async () => {
    const lang = async (headers: Record<string, string>) =>
      /<html lang="(\w+)"/.exec((await page('/courses', headers)).body)?.[1];
    expect(await lang({})).toBe('pt');
    expect(await lang({ 'accept-language': 'en-US,en;q=0.9' })).toBe('pt');
    expect(await lang({ 'accept-language': 'es-ES,es;q=0.9,en;q=0.8' })).toBe('pt');
    expect(await lang({ 'accept-language': 'en', cookie: 'accepted=true; user-language=fr' })).toBe('fr');
    expect(await lang({ 'accept-language': 'pt-BR', cookie: 'user-language=en' })).toBe('en');
    const english = await page('/courses', { 'accept-language': 'en-US,en;q=0.9' });
    expect(english.body).toContain('<title>Cursos - ');
    expect(english.body).toContain('<meta property="og:locale" content="pt_BR"');
    const chosen = await page('/courses', { cookie: 'user-language=en' });
    expect(chosen.body).toContain('<title>Courses - ');
    expect(chosen.body).toContain('<meta property="og:locale" content="en_US"');
  });

  it("keeps member pages to the browser, in the visitor's language, and never serves the renderer", async () => {
    const profile = await page('/profile', { 'accept-language': 'fr', cookie: 'user-language=fr' });
    expect(profile.statusCode).toBe(200);
    expect(profile.body).toMatch(/<html lang="fr"[ >]/);
    expect(profile.body).toContain('<div id="root"></div>');
    expect(profile.body).not.toContain('papo-handover');
    for (const url of ['/ssr/entry-server.js', '/.vite/manifest.json'])
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
  });

  it('answers an unknown article with the rendered 404 page and status 404', async () => {
    const res = await page('/blog/nao-existe');
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('data-testid="not-found"');
    expect(res.body.match(/<meta name="robots" content="noindex"\s?\/>/g)).toHaveLength(1);
  });

  it('sends case and trailing-slash variants to the canonical address (301), keeping the query', async () => {
    for (const [from, to] of [
      ['/blog/', '/blog'],
      ['/BLOG', '/blog'],
      ['/Shop', '/shop'],
      ['/extraincome/', '/extraIncome'],
      [`/Blog/${slug.toUpperCase()}/?utm_source=x`, `/blog/${slug}?utm_source=x`],
    ]) {
      const res = await page(from!);
      expect(res.statusCode, from).toBe(301);
      expect(res.headers.location, from).toBe(to);
    }
  });

  it('gives a list page reached with tracking parameters the canonical without them', async () => {
    const res = await page('/blog?utm_source=x&utm_medium=y');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<link rel="canonical" href="https://papo.example/blog"/>');
  });

  it('answers an unknown top-level path with the rendered 404 page, and a channel with its page for a visitor', async () => {
    const unknown = await page('/nao-existe-isto');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toMatch(/<h1 data-testid="not-found"[^>]*>Página não encontrada<\/h1>/);
    const channel = await page('/barra');
    expect(channel.statusCode).toBe(200);
    expect(channel.body).toContain('<title>#barra - ');
    expect(channel.body).toMatch(/<h1[^>]*>#barra<\/h1>/);
    expect(channel.body).toContain('href="/login"');
  });

  it('renders photos, music, cryptos, IRC, contact, login and register with their title and h1', async () => {
    for (const [path, title] of [
      ['/photos', 'Fotos'],
      ['/irc', 'Papo no IRC'],
      ['/music', 'Música'],
      ['/cryptos', 'Criptomoedas'],
      ['/contato', 'Contato'],
      ['/login', 'Entrar'],
      ['/register', 'Criar conta'],
    ]) {
      const res = await page(path!);
      expect(res.statusCode, path).toBe(200);
      expect(res.body, path).toContain(`<title>${title} - `);
      expect(res.body, path).toMatch(/<h1[^>]*>[^<]+<\/h1>/);
      expect(res.body, path).toContain('papo-handover');
    }
  });

  it('compresses the page when the browser accepts it', async () => {
    const res = await page(`/blog/${slug}`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toContain('cookie');
    expect(res.headers.vary).not.toContain('accept-language');
  });
});

it('builds the renderer with the production builds of React and its libraries, whatever NODE_ENV the server runs with', () => {
  // read at run time, NODE_ENV would pick React's development build under `npm start`: two to three times slower.
  const folder = path.join(build.dist, 'ssr');
  const files = readdirSync(folder, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.js'));
  expect(files.length).toBeGreaterThan(0);
  const reading = files.filter((file) =>
    readFileSync(path.join(folder, file), 'utf8').includes('process.env.NODE_ENV'),
  );
  expect(reading).toEqual([]);
});
