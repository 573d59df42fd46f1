import { roles } from '@papo/contract/auth';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { articleDeps, publishArticle } from '../features/articles/test-support.js';
import { articleFields, publishChanges, updateArticle } from '../features/articles/service.js';
import { buildTestApp, type TestApp } from '../test/app.js';
import { describeEachDialect } from '../test/db.js';
import { buildUser } from '../test/users.js';
import { useWebBuild } from '../test/web-build.js';

/*
 * One address per page: whatever shape an address has, it is a page, one redirect to a page, or the 404 page (HTML,
 * `noindex`) — never a second copy of a page, an empty shell or a JSON answer to a browser.
 */
const build = useWebBuild();

describeEachDialect('one address per page', (dialect) => {
  let t: TestApp;
  let lyricId: number;

  beforeAll(async () => {
    t = await buildTestApp({ dialect, env: { WEB_DIST: build.dist, PUBLIC_URL: 'https://papo.example' } });
    await publishArticle(t.app, { title: 'Feira de domingo' });
    lyricId = (await publishArticle(t.app, { title: 'Sapo cururu', isLyrics: true })).id;
    const renamed = await publishArticle(t.app, { title: 'Nome antigo' });
    await updateArticle(
      articleDeps(t.app),
      renamed.id,
      articleFields({
        title: 'Nome antigo',
        slug: 'nome-novo',
        content: '<p>Texto.</p>',
        isPublished: true,
      }),
    );
    await publishChanges(articleDeps(t.app), renamed.id);

    const { headers } = await buildUser(t.app, { username: 'lojista_end', roles: [roles.user, roles.moderator] });
    const call = async (url: string, payload: Record<string, unknown>) =>
      (await t.app.inject({ method: 'POST', url, headers, payload })).json() as { id: number };
    const category = (await t.app.inject({ method: 'GET', url: '/api/album-categories', headers })).json()[0]
      .id as number;
    const shop = await call('/api/album/add', { name: 'Loja da Praia', country: 'br', category });
    const course = await call('/api/courseStore/add', { name: 'Curso de Cavaquinho', country: 'pt' });
    for (const { id } of [shop, course]) await call('/api/save-publish-state', { album_id: id, is_published: true });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  const page = (url: string) =>
    t.app.inject({ method: 'GET', url, headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });
  const expectNotFoundPage = async (url: string) => {
    const res = await page(url);
    expect(res.statusCode, url).toBe(404);
    expect(res.headers['content-type'], url).toContain('text/html');
    expect(res.body, url).toMatch(/<meta name="robots" content="noindex"\s*\/?>/);
    expect(res.body, url).toContain('data-testid="not-found"');
  };
  const expectMoved = async (url: string, location: string) => {
    const res = await page(url);
    expect(res.statusCode, url).toBe(301);
    expect(res.headers.location, url).toBe(location);
    // One hop: the address it names is the page itself.
    expect((await page(location)).statusCode, location).toBe(200);
  };

  it('answers the 404 page to dotted addresses, /index.html and extra segments; /home{name} is one 301 to /music', async () => {
    await expectMoved('/homexyzzy', '/music');
    await expectMoved('/HomeBlog/', '/music');
    for (const url of [
      '/sobre-nos.html',
      '/blog/feira-de-domingo.html',
      '/person/1.0',
      '/index.html',
      '/blog/feira-de-domingo/comentarios',
    ]) {
      await expectNotFoundPage(url);
    }
    expect((await page('/music')).statusCode).toBe(200);
    // A script or image asked at a missing address still gets the short JSON answer, not a page.
    const asset = await t.app.inject({ method: 'GET', url: '/assets/nada.js', headers: { accept: '*/*' } });
    expect(asset.statusCode).toBe(404);
    expect(asset.json()).toEqual({ message: 'not_found' });
  });

  it('answers a page number past the last as the 404 page, and the pages that exist', async () => {
    expect((await page('/blog')).statusCode).toBe(200);
    await expectNotFoundPage('/blog?page=99');
  });

  it("answers a store only under its kind's section: the other section sends it there in one 301", async () => {
    await expectMoved('/courses/loja-da-praia', '/shop/loja-da-praia');
    await expectMoved('/shop/curso-de-cavaquinho', '/courses/curso-de-cavaquinho');
    await expectMoved('/Shop/Curso-De-Cavaquinho/', '/courses/curso-de-cavaquinho');
    const course = await page('/courses/curso-de-cavaquinho');
    expect(course.body).toContain('<link rel="canonical" href="https://papo.example/courses/curso-de-cavaquinho"/>');
  });

  it('sends every alias and renamed slug to its page in one 301, typed with capitals or a trailing slash too', async () => {
    await expectMoved('/blog/nome-antigo', '/blog/nome-novo');
    await expectMoved('/blog/nome-antigo/', '/blog/nome-novo');
    await expectMoved('/Blog/Nome-Antigo', '/blog/nome-novo');
    await expectMoved('/BLOG/NOME-ANTIGO/?utm_source=zap', '/blog/nome-novo?utm_source=zap');
    await expectMoved('/blog/sapo-cururu', '/lyrics/sapo-cururu');
    await expectMoved('/lyrics/feira-de-domingo', '/blog/feira-de-domingo');
    await expectMoved(`/lyrics/${lyricId}`, '/lyrics/sapo-cururu');
    await expectMoved('/Lyrics/Sapo-Cururu/', '/lyrics/sapo-cururu');
  });
});
