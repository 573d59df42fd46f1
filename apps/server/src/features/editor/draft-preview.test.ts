import { previewLinkHours } from '@papo/contract/editor-preview';
import { afterEach, expect, it, vi } from 'vitest';
import { describeEachDialect } from '../../test/db.js';
import { useStaffSuite } from '../../test/staff-matrix.js';

/*
 * Previews (decision 024): staff see a draft, a scheduled article, pending changes or any revision as the
 * public will; a preview link shows the newest text to someone not signed in until it expires or is revoked; none
 * of it is indexed, cached, or listed in the sitemap or the feed.
 */
describeEachDialect('article previews', (dialect) => {
  const t = useStaffSuite(dialect, { member: 'leitor_pre', moderator: 'previa', admin: 'chefe_pre' });
  let counter = 0;

  afterEach(() => {
    vi.useRealTimers();
  });

  const create = async (body: Record<string, unknown> = {}) => {
    const res = await t.call(
      {
        method: 'POST',
        url: '/api/editor/articles',
        payload: { title: `Prévia ${++counter}`, content: '<p>ao vivo</p>', ...body },
      },
      t.as.admin,
    );
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number; slug: string; revision: number };
  };
  const save = (id: number, body: Record<string, unknown>) =>
    t.call({ method: 'PUT', url: `/api/editor/articles/${id}`, payload: body }, t.as.moderator);
  const preview = (url: string, who: 'anonymous' | 'member' | 'moderator' = 'moderator') =>
    t.call({ method: 'GET', url }, t.as[who]);
  const createLink = async (id: number) => {
    const res = await t.call({ method: 'POST', url: `/api/editor/articles/${id}/preview-links` }, t.as.moderator);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number; path: string; expiresAt: string; createdBy: string | null };
  };
  const byToken = (path: string) => t.app.inject({ method: 'GET', url: `/api${path}` });

  it('shows staff the pending text of a live article, a draft, a scheduled one and any revision, marked and never indexed', async () => {
    const { id, slug, revision: first } = await create({ title: 'No ar', isPublished: true });
    await save(id, { title: 'No ar, revisto', content: '<p>rascunho <strong>novo</strong></p>', isPublished: true });

    const res = await preview(`/api/editor/articles/${id}/preview`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['x-robots-tag']).toBe('noindex');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toMatchObject({
      state: 'live',
      pendingChanges: true,
      article: { title: 'No ar, revisto', content: '<p>rascunho <strong>novo</strong></p>', slug },
    });
    // What the public reads did not move.
    expect((await t.app.inject({ method: 'GET', url: `/api/article/${slug}` })).json()).toMatchObject({
      title: 'No ar',
      content: '<p>ao vivo</p>',
    });

    const old = await preview(`/api/editor/articles/${id}/preview?revision=${first}`);
    expect(old.json()).toMatchObject({
      revision: first,
      pendingChanges: false,
      article: { title: 'No ar', content: '<p>ao vivo</p>' },
    });
    const other = await create();
    expect((await preview(`/api/editor/articles/${other.id}/preview?revision=${first}`)).json()).toEqual({
      message: 'revision_not_found',
    });

    const draft = await create({ title: 'Só rascunho' });
    expect((await preview(`/api/editor/articles/${draft.id}/preview`)).json()).toMatchObject({
      state: 'draft',
      article: { title: 'Só rascunho' },
    });
    const scheduled = await create({
      title: 'Para amanhã',
      isPublished: true,
      publishAt: new Date(Date.now() + 86_400_000).toISOString(),
    });
    expect((await preview(`/api/editor/articles/${scheduled.id}/preview`)).json()).toMatchObject({
      state: 'scheduled',
      article: { title: 'Para amanhã' },
    });

    // Staff only without a link.
    expect((await preview(`/api/editor/articles/${id}/preview`, 'anonymous')).statusCode).toBe(401);
    expect((await preview(`/api/editor/articles/${id}/preview`, 'member')).statusCode).toBe(403);
    expect(
      (await t.call({ method: 'POST', url: `/api/editor/articles/${id}/preview-links` }, t.as.member)).statusCode,
    ).toBe(403);

    // Neither the sitemap nor the feed names a draft or a scheduled article, or a draft's title.
    const sitemap = (await t.app.inject({ method: 'GET', url: '/sitemap.xml' })).body;
    const rss = (await t.app.inject({ method: 'GET', url: '/blog/rss.xml' })).body;
    for (const body of [sitemap, rss]) {
      expect(body).toContain(`/blog/${slug}`);
      expect(body).not.toContain(`/blog/${draft.slug}`);
      expect(body).not.toContain(`/blog/${scheduled.slug}`);
      expect(body).not.toContain('/preview/');
    }
    expect(rss).not.toContain('No ar, revisto');
  });

  it('lets someone not signed in read the newest text through a link, until it is revoked', async () => {
    const { id } = await create({ title: 'Para a colega' });
    const link = await createLink(id);
    expect(link.path).toMatch(/^\/preview\/[A-Za-z0-9_-]{32}$/);
    // Who made it, and whose article it is, by their display names, as the published page's byline says.
    expect(link.createdBy).toBe('Name of previa');

    const seen = await byToken(link.path);
    expect(seen.statusCode).toBe(200);
    expect(seen.headers['x-robots-tag']).toBe('noindex');
    expect(seen.headers['cache-control']).toBe('no-store');
    expect(seen.json()).toMatchObject({
      state: 'draft',
      article: {
        title: 'Para a colega',
        authorName: 'Name of chefe_pre',
        author: { name: 'Name of chefe_pre', username: 'chefe_pre' },
      },
    });
    // The link follows the text: a later save is what the colleague reads next.
    await save(id, { title: 'Para a colega, revisto' });
    expect((await byToken(link.path)).json().article.title).toBe('Para a colega, revisto');

    const listed = await t.call({ method: 'GET', url: `/api/editor/articles/${id}/preview-links` }, t.as.admin);
    expect(listed.json().links).toEqual([
      { id: link.id, createdAt: expect.any(String), expiresAt: link.expiresAt, createdBy: 'Name of previa' },
    ]);
    expect(JSON.stringify(listed.json())).not.toContain(link.path.slice('/preview/'.length));

    const revoked = await t.call(
      { method: 'DELETE', url: `/api/editor/articles/${id}/preview-links/${link.id}` },
      t.as.admin,
    );
    expect(revoked.statusCode).toBe(204);
    const gone = await byToken(link.path);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ message: 'preview_not_found' });
    expect(
      (await t.call({ method: 'GET', url: `/api/editor/articles/${id}/preview-links` }, t.as.admin)).json().links,
    ).toEqual([]);
    expect(
      (await t.call({ method: 'DELETE', url: `/api/editor/articles/${id}/preview-links/${link.id}` }, t.as.admin))
        .statusCode,
    ).toBe(404);
    // A link that is no id names none; a bad article id is the editor's 400.
    const noId = await t.call({ method: 'DELETE', url: `/api/editor/articles/${id}/preview-links/abc` }, t.as.admin);
    expect([noId.statusCode, noId.json()]).toEqual([404, { message: 'preview_not_found' }]);
    const badArticle = await t.call({ method: 'DELETE', url: '/api/editor/articles/x/preview-links/abc' }, t.as.admin);
    expect([badArticle.statusCode, badArticle.json()]).toEqual([400, { message: 'invalid_id' }]);

    for (const path of ['/preview/nao-existe-mas-tem-formato-ok', '/preview/x']) {
      expect((await byToken(path)).json(), path).toEqual({ message: 'preview_not_found' });
    }
    // A segment longer than any route parameter is refused before the route.
    expect((await byToken(`/preview/${'a'.repeat(200)}`)).statusCode).toBe(400);
  });

  it('stops a link when it expires', async () => {
    const start = Date.now();
    vi.useFakeTimers({ toFake: ['Date'], now: start });
    const { id } = await create({ title: 'Expira' });
    const link = await createLink(id);
    expect(Date.parse(link.expiresAt)).toBe(start + previewLinkHours * 3_600_000);
    vi.setSystemTime(start + previewLinkHours * 3_600_000 - 1000);
    expect((await byToken(link.path)).statusCode).toBe(200);
    vi.setSystemTime(start + previewLinkHours * 3_600_000 + 1000);
    expect((await byToken(link.path)).json()).toEqual({ message: 'preview_not_found' });
  });
});
