import { beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from '../../test/db.js';
import { useStaffSuite } from '../../test/staff-matrix.js';

/*
 * Links that survive (decision 024): every slug an article, lyric, shop or course had answers 301 to its
 * address of today, the page and the API; the sitemap lists only today's addresses.
 */
describeEachDialect('slug redirects', (dialect) => {
  const t = useStaffSuite(dialect, { member: 'leitor_red', moderator: 'redatora', admin: 'chefe_red' });
  let storeCategory: number;
  beforeAll(async () => {
    storeCategory = (await t.call({ method: 'GET', url: '/api/album-categories' }, t.as.admin)).json()[0].id;
  });

  const page = (url: string) => t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
  const api = (url: string) => t.app.inject({ method: 'GET', url });
  const expectMoved = async (
    response: Promise<{ statusCode: number; headers: Record<string, unknown> }>,
    location: string,
  ) => {
    const res = await response;
    expect(res.statusCode, location).toBe(301);
    expect(res.headers.location).toBe(location);
  };

  it('redirects every old address of an article, once the new one is live, and lets a new article take an old slug', async () => {
    const created = await t.call(
      { method: 'POST', url: '/api/editor/articles', payload: { title: 'Nome antigo', isPublished: true } },
      t.as.moderator,
    );
    const { id } = created.json() as { id: number };
    const rename = async (slug: string) => {
      expect(
        (
          await t.call(
            { method: 'PUT', url: `/api/editor/articles/${id}`, payload: { title: 'Nome', slug, isPublished: true } },
            t.as.moderator,
          )
        ).statusCode,
      ).toBe(200);
      // A live article's new address waits for "publish changes", as the rest of its text.
      expect(
        (await t.call({ method: 'POST', url: `/api/editor/articles/${id}/publish` }, t.as.moderator)).statusCode,
      ).toBe(200);
    };

    await t.call(
      {
        method: 'PUT',
        url: `/api/editor/articles/${id}`,
        payload: { title: 'Nome', slug: 'nome-novo', isPublished: true },
      },
      t.as.moderator,
    );
    expect((await api('/api/article/nome-antigo')).statusCode).toBe(200);
    expect((await api('/api/article/nome-novo')).statusCode).toBe(404);

    await rename('nome-novo');
    await expectMoved(api('/api/article/nome-antigo'), '/api/article/nome-novo');
    await expectMoved(page('/blog/nome-antigo'), '/blog/nome-novo');
    await expectMoved(page('/blog/nome-antigo?utm_source=zap'), '/blog/nome-novo?utm_source=zap');
    expect((await api('/api/article/nome-novo')).json().title).toBe('Nome');

    await rename('nome-mais-novo');
    await expectMoved(page('/blog/nome-antigo'), '/blog/nome-mais-novo');
    await expectMoved(page('/blog/nome-novo'), '/blog/nome-mais-novo');

    const sitemap = (await api('/sitemap.xml')).body;
    expect(sitemap).toContain('/blog/nome-mais-novo<');
    expect(sitemap).not.toMatch(/\/blog\/nome-(antigo|novo)</);
    const rss = (await api('/blog/rss.xml')).body;
    expect(rss).not.toMatch(/\/blog\/nome-(antigo|novo)</);

    // Another article named like the first one's old address holds it now.
    const other = await t.call(
      {
        method: 'POST',
        url: '/api/editor/articles',
        payload: { title: 'Outro', slug: 'nome-antigo', isPublished: true },
      },
      t.as.moderator,
    );
    expect(other.statusCode).toBe(201);
    expect((await api('/api/article/nome-antigo')).json().title).toBe('Outro');
    expect((await page('/blog/nome-antigo')).statusCode).not.toBe(301);

    // Unpublished, the article is nobody's: its old addresses are 404 like any unknown one.
    await t.call(
      {
        method: 'PUT',
        url: `/api/editor_edit2/${id}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `category=1&isPublished=false&isLyrics=false`,
      },
      t.as.moderator,
    );
    expect((await api('/api/article/nome-novo')).statusCode).toBe(404);
  });

  it('sends an old lyric address to the lyric, and an article that became a lyric to its lyrics page', async () => {
    const created = await t.call(
      {
        method: 'POST',
        url: '/api/editor/articles',
        payload: { title: 'Cantiga velha', isPublished: true, isLyrics: true },
      },
      t.as.admin,
    );
    const { id } = created.json() as { id: number };
    // Saved by a client that writes the article at once (no draft step): the address changes at once.
    await t.call({ method: 'POST', url: `/api/editor/articles/${id}/publish` }, t.as.admin);
    const save = await t.call(
      {
        method: 'PUT',
        url: `/api/editor/articles/${id}`,
        payload: { title: 'Cantiga', slug: 'cantiga-nova', isPublished: true, isLyrics: true },
      },
      t.as.admin,
    );
    expect(save.json().pendingChanges).toBe(true);
    await t.call({ method: 'POST', url: `/api/editor/articles/${id}/publish` }, t.as.admin);
    await expectMoved(api('/api/lyrics/cantiga-velha'), '/api/lyrics/cantiga-nova');
    await expectMoved(page('/lyrics/cantiga-velha'), '/lyrics/cantiga-nova');
    await expectMoved(page('/blog/cantiga-velha'), '/lyrics/cantiga-nova');
  });

  it('redirects the old name of a published shop and course, page and API', async () => {
    const shop = await t.call(
      {
        method: 'POST',
        url: '/api/album/add',
        payload: { name: 'Loja Velha', country: 'br', category: storeCategory },
      },
      t.as.admin,
    );
    const course = await t.call(
      { method: 'POST', url: '/api/courseStore/add', payload: { name: 'Curso Velho', country: 'br' } },
      t.as.admin,
    );
    for (const store of [shop.json(), course.json()] as { id: number }[]) {
      expect(
        (
          await t.call(
            { method: 'POST', url: '/api/save-publish-state', payload: { album_id: store.id, is_published: true } },
            t.as.admin,
          )
        ).statusCode,
      ).toBe(200);
    }
    const renamedShop = await t.call(
      {
        method: 'PUT',
        url: `/api/album_edit/${shop.json().id}`,
        payload: { name: 'Loja Nova', country: 'br', category: storeCategory },
      },
      t.as.admin,
    );
    expect(renamedShop.json()).toMatchObject({ slug: 'loja-nova' });
    await t.call(
      { method: 'PUT', url: `/api/album_edit/${course.json().id}`, payload: { name: 'Curso Novo', country: 'br' } },
      t.as.admin,
    );
    // a published store's edits wait in its draft (decision 028): the old address answers until they are published.
    expect((await api('/api/shop/loja-velha')).statusCode).toBe(200);
    for (const store of [shop.json(), course.json()] as { id: number }[]) {
      expect(
        (await t.call({ method: 'POST', url: `/api/album/${store.id}/publish-changes` }, t.as.admin)).statusCode,
      ).toBe(200);
    }

    await expectMoved(api('/api/shop/loja-velha'), '/api/shop/loja-nova');
    await expectMoved(page('/shop/loja-velha'), '/shop/loja-nova');
    await expectMoved(page('/courses/curso-velho'), '/courses/curso-novo');
    await expectMoved(api('/api/shop/curso-velho'), '/api/shop/curso-novo');
    expect((await api('/api/shop/loja-nova')).json().name).toBe('Loja Nova');
    const sitemap = (await api('/sitemap.xml')).body;
    expect(sitemap).not.toContain('/shop/loja-velha<');
  });
});
