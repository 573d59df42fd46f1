import type { InjectOptions } from 'fastify';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDialect } from '../../test/db.js';
import { multipartBody } from '../../test/multipart.js';
import { describeStaffOnly, useStaffSuite } from '../../test/staff-matrix.js';
import { buildUser } from '../../test/users.js';
import { startReleaseScheduler } from './release.js';

const png = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: '#c63' } })
    .png()
    .toBuffer();

describeEachDialect('article back office', (dialect) => {
  const t = useStaffSuite(dialect, { member: 'leitora', moderator: 'moderadora', admin: 'chefe' });
  const { call } = t;
  let categoryId: number;
  let counter = 0;

  beforeAll(async () => {
    categoryId = (await t.app.inject({ method: 'GET', url: '/api/article-categories' })).json()[0].id;
  });

  const create = async (body: Record<string, unknown> = {}) => {
    const res = await call(
      { method: 'POST', url: '/api/editor/articles', payload: { title: `Rascunho ${++counter}`, ...body } },
      t.as.admin,
    );
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number; slug: string; revision: number };
  };
  const libraryImage = async () => {
    const body = multipartBody({
      files: [{ field: 'files[]', filename: 'a.png', type: 'image/png', data: await png() }],
    });
    const res = await call(
      { method: 'POST', url: '/api/uploadImage', headers: body.headers, payload: body.payload },
      t.as.admin,
    );
    return res.json().files[0].name as string;
  };

  /** Every call of the back office, as a request a persona may send (fresh targets per request). */
  const calls: Record<string, () => Promise<InjectOptions>> = {
    'POST /api/editor/articles': async () => ({
      method: 'POST',
      url: '/api/editor/articles',
      payload: { title: `Matriz ${++counter}` },
    }),
    'PUT /api/editor/articles/{id}': async () => ({
      method: 'PUT',
      url: `/api/editor/articles/${(await create()).id}`,
      payload: { title: 'Trocado' },
    }),
    'DELETE /api/editor/articles/{id}': async () => ({
      method: 'DELETE',
      url: `/api/editor/articles/${(await create()).id}`,
    }),
    'GET /api/articles/{id}': async () => ({ method: 'GET', url: `/api/articles/${(await create()).id}` }),
    'POST /api/editor/articles/{id}/publish': async () => ({
      method: 'POST',
      url: `/api/editor/articles/${(await create()).id}/publish`,
    }),
    'GET /api/editor/articles/{id}/revisions': async () => ({
      method: 'GET',
      url: `/api/editor/articles/${(await create()).id}/revisions`,
    }),
    'GET /api/editor/articles/{id}/revisions/{revision}': async () => {
      const { id, revision } = await create();
      return { method: 'GET', url: `/api/editor/articles/${id}/revisions/${revision}` };
    },
    'GET /api/editor/articles/{id}/preview': async () => ({
      method: 'GET',
      url: `/api/editor/articles/${(await create()).id}/preview`,
    }),
    'POST /api/editor/articles/{id}/preview-links': async () => ({
      method: 'POST',
      url: `/api/editor/articles/${(await create()).id}/preview-links`,
    }),
    'GET /api/editor/articles/{id}/preview-links': async () => ({
      method: 'GET',
      url: `/api/editor/articles/${(await create()).id}/preview-links`,
    }),
    'DELETE /api/editor/articles/{id}/preview-links/{link}': async () => {
      const { id } = await create();
      const link = await call({ method: 'POST', url: `/api/editor/articles/${id}/preview-links` }, t.as.admin);
      return { method: 'DELETE', url: `/api/editor/articles/${id}/preview-links/${link.json().id}` };
    },
    'POST /api/editor/articles/{id}/revisions/{revision}/restore': async () => {
      const { id, revision } = await create();
      return { method: 'POST', url: `/api/editor/articles/${id}/revisions/${revision}/restore` };
    },
    'GET /api/editor_latest': async () => ({ method: 'GET', url: '/api/editor_latest' }),
    'PUT /api/editor_edit2/{id}': async () => ({
      method: 'PUT',
      url: `/api/editor_edit2/${(await create()).id}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `category=${categoryId}&isPublished=false&isLyrics=false`,
    }),
    'PUT /api/editor_edit_cover/{id}': async () => ({
      method: 'PUT',
      url: `/api/editor_edit_cover/${(await create()).id}`,
      payload: { cover: await libraryImage() },
    }),
    'POST /api/uploadArticleCover': async () => {
      const body = multipartBody({
        fields: { article_id: String((await create()).id), description: 'Capa' },
        files: [{ field: 'file', filename: 'capa.png', type: 'image/png', data: await png() }],
      });
      return { method: 'POST', url: '/api/uploadArticleCover', headers: body.headers, payload: body.payload };
    },
    'POST /api/uploadImage': async () => {
      const body = multipartBody({
        files: [{ field: 'files[]', filename: 'b.png', type: 'image/png', data: await png() }],
      });
      return { method: 'POST', url: '/api/uploadImage', headers: body.headers, payload: body.payload };
    },
    'GET /api/uploads': async () => ({ method: 'GET', url: '/api/uploads' }),
    'GET /api/uploads/{key}/uses': async () => ({ method: 'GET', url: `/api/uploads/${await libraryImage()}/uses` }),
    'DELETE /api/uploads/{key}': async () => ({ method: 'DELETE', url: `/api/uploads/${await libraryImage()}` }),
  };

  describeStaffOnly(calls, t);

  it('checks the role before reading the body: a member sending garbage still hears 403', async () => {
    const res = await call(
      {
        method: 'POST',
        url: '/api/editor/articles',
        headers: { 'content-type': 'application/json' },
        payload: '{nope',
      },
      t.as.member,
    );
    expect(res.statusCode).toBe(403);
  });

  it('keeps the categories public: the blog filters by them', async () => {
    for (const who of ['anonymous', 'member', 'moderator', 'admin'] as const) {
      expect((await call({ method: 'GET', url: '/api/article-categories' }, t.as[who])).statusCode).toBe(200);
    }
  });

  it('writes an article: derived slug, sanitised HTML, YouTube URL reduced to its id, read back for the editor', async () => {
    const { id, slug } = await create({
      title: 'Canção do Mar: ao vivo',
      content:
        '<h2>Título</h2><p style="color:red" onclick="x()">Olá <a href="https://example.com">link</a><script>alert(1)</script></p>',
      description: 'Uma noite no cais',
      youtube: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=10',
      categoryId,
    });
    expect(slug).toBe('cancao-do-mar-ao-vivo');
    const res = await call({ method: 'GET', url: `/api/articles/${id}` }, t.as.moderator);
    expect(res.json()).toMatchObject({
      id,
      title: 'Canção do Mar: ao vivo',
      slug,
      description: 'Uma noite no cais',
      youtube: 'dQw4w9WgXcQ',
      category: categoryId,
      isPublished: false,
      isLyrics: false,
      publishAt: null,
    });
    expect(res.json().content).toContain('<h2>Título</h2>');
    expect(res.json().content).not.toMatch(/script|onclick|style=/);
    // A draft is nobody's business but staff's.
    expect((await t.app.inject({ method: 'GET', url: `/api/article/${slug}` })).statusCode).toBe(404);
    const list = await call({ method: 'GET', url: '/api/editor_latest' }, t.as.moderator);
    expect(list.json().articles.map((a: { id: number }) => a.id)).toContain(id);
  });

  it('filters the list by a title search (any case, % and _ literal) and by status; a bad filter is 400 with its key', async () => {
    const live = await create({ title: 'Filtro Girassol 100% ao vivo', isPublished: true });
    const draft = await create({ title: 'filtro girassol rascunho' });
    const later = new Date(Date.now() + 24 * 60 * 60_000).toISOString();
    const scheduled = await create({ title: 'FILTRO GIRASSOL agendado', isPublished: true, publishAt: later });
    await create({ title: 'Filtro_Girassol sem espaço' });
    const ids = async (query: string) => {
      const res = await call({ method: 'GET', url: `/api/editor_latest?${query}` }, t.as.moderator);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().articles as { id: number }[]).map((a) => a.id).sort((a, b) => a - b);
    };
    expect(await ids('q=filtro%20girassol')).toEqual([live.id, draft.id, scheduled.id]);
    expect(await ids('q=%20Filtro%20GIRASSOL%20%20&status=published')).toEqual([live.id]);
    expect(await ids('q=filtro%20girassol&status=draft')).toEqual([draft.id]);
    expect(await ids('q=filtro%20girassol&status=scheduled')).toEqual([scheduled.id]);
    expect(await ids('q=100%25')).toEqual([live.id]);
    expect(await ids('q=filtro_')).toHaveLength(1);
    expect(await ids('q=')).toContain(draft.id);

    const refused = async (query: string) =>
      (await call({ method: 'GET', url: `/api/editor_latest?${query}` }, t.as.moderator)).json();
    expect(await refused('status=live')).toMatchObject({
      message: 'validation_failed',
      errors: { status: ['bad_request'] },
    });
    expect(await refused(`q=${'a'.repeat(101)}`)).toMatchObject({
      message: 'validation_failed',
      errors: { q: ['search_query_too_long'] },
    });
  });

  it('deletes an unused library image with its variants; refuses one in use (409 image_in_use) saying where', async () => {
    const figure = (key: string) =>
      `<figure><img src="/uploads/${key}" alt="Praia"><figcaption>Praia</figcaption></figure>`;
    const usesOf = async (key: string) => {
      const res = await call({ method: 'GET', url: `/api/uploads/${key}/uses` }, t.as.moderator);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().uses as { kind: string; label: string }[]).map((use) => `${use.kind}:${use.label}`).sort();
    };
    const remove = (key: string) => call({ method: 'DELETE', url: `/api/uploads/${key}` }, t.as.moderator);
    const served = async (key: string) => (await t.app.inject({ method: 'GET', url: `/uploads/${key}` })).statusCode;

    // Used everywhere an image can be: an article's body, a store's cover, a bio entry's photo, a profile.
    const used = await libraryImage();
    await create({ title: 'Figura no corpo', content: `<p>Texto</p>${figure(used)}` });
    const created = new Date().toISOString();
    await t.app.db
      .insertInto('stores')
      .values({
        kind: 'shop',
        name: 'Loja da figura',
        slug: `loja-da-figura-${counter}`,
        country: 'br',
        category_id: null,
        owner_id: null,
        is_published: 1,
        cover: used,
        article_id: null,
        created_at: created,
      })
      .execute();
    await t.app.db
      .insertInto('bio_entries')
      .values({
        kind: 'event',
        tag: 'Pessoa da figura',
        tag_key: 'pessoa da figura',
        year: null,
        photo_path: used,
        created_at: created,
      })
      .execute();
    const member = await buildUser(t.app, { username: `figurante${counter}` });
    await t.app.db.updateTable('users').set({ profile_image: used }).where('id', '=', member.id).execute();
    expect(await usesOf(used)).toEqual([
      'article:Figura no corpo',
      'bio:Pessoa da figura',
      `profile:figurante${counter}`,
      'store:Loja da figura',
    ]);
    const refused = await remove(used);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      message: 'image_in_use',
      uses: expect.arrayContaining([expect.objectContaining({ kind: 'store', label: 'Loja da figura' })]),
    });
    expect(await served(used)).toBe(200);

    // Named only by the unpublished changes of a live article (its live text does not show it): still in use.
    const drafted = await libraryImage();
    const live = await create({ title: 'Ao vivo sem figura', content: '<p>Antes</p>', isPublished: true });
    const edit = await call(
      {
        method: 'PUT',
        url: `/api/editor/articles/${live.id}`,
        payload: { title: 'Ao vivo sem figura', content: `<p>Depois</p>${figure(drafted)}`, isPublished: true },
      },
      t.as.admin,
    );
    expect(edit.json()).toMatchObject({ pendingChanges: true });
    expect(await usesOf(drafted)).toEqual(['article:Ao vivo sem figura']);
    expect((await remove(drafted)).statusCode).toBe(409);

    // Unused: the row, the file and its list variant go.
    const unused = await libraryImage();
    const { thumbnail } = await t.app.db
      .selectFrom('uploads')
      .select('thumbnail')
      .where('key', '=', unused)
      .executeTakeFirstOrThrow();
    expect(await served(thumbnail)).toBe(200);
    expect(await usesOf(unused)).toEqual([]);
    expect((await remove(unused)).statusCode).toBe(204);
    expect(await served(unused)).toBe(404);
    expect(await served(thumbnail)).toBe(404);
    const library = (await call({ method: 'GET', url: '/api/uploads' }, t.as.moderator)).json().files as {
      name: string;
    }[];
    expect(library.map((file) => file.name)).not.toContain(unused);
    expect(library.map((file) => file.name)).toContain(used);
    // Gone, or never in the library (another folder, a made-up name): 404 with its key.
    for (const key of [unused, `profile/${unused.split('/')[1]}`, 'library/nada.png']) {
      expect((await remove(key)).json()).toEqual({ message: 'upload_not_found' });
    }
  });

  it('answers 409 with a free slug when the slug is taken', async () => {
    const first = await create({ title: 'Mesmo nome' });
    const res = await call(
      { method: 'POST', url: '/api/editor/articles', payload: { title: 'Outro', slug: first.slug } },
      t.as.admin,
    );
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: 'slug_taken', suggestion: `${first.slug}-2` });
  });

  it('refuses bad input with keys and changes nothing', async () => {
    const { id } = await create({ title: 'Intacto' });
    const bad = [
      { payload: { title: '' }, field: 'title' },
      { payload: { title: 'x'.repeat(201) }, field: 'title' },
      { payload: { title: 'ok', description: 'x'.repeat(256) }, field: 'description' },
      { payload: { title: 'ok', youtube: 'https://vimeo.com/123' }, field: 'youtube' },
      { payload: { title: 'ok', slug: 'Não Slug' }, field: 'slug' },
      { payload: { title: 'ok', publishAt: 'amanhã' }, field: 'publishAt' },
    ];
    for (const { payload, field } of bad) {
      const res = await call({ method: 'PUT', url: `/api/editor/articles/${id}`, payload }, t.as.admin);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().errors, JSON.stringify(payload)).toHaveProperty(field);
    }
    expect(
      (
        await call(
          { method: 'PUT', url: `/api/editor/articles/${id}`, payload: { title: 'ok', categoryId: 99999 } },
          t.as.admin,
        )
      ).json(),
    ).toMatchObject({
      message: 'category_not_found',
    });
    expect((await call({ method: 'GET', url: `/api/articles/${id}` }, t.as.admin)).json().title).toBe('Intacto');
  });

  it('editor_edit2 takes form data, acts only on numeric ids and refuses an unknown category', async () => {
    const { id, slug } = await create({ title: 'Publicar pelo passo 2', content: '<p>marmelada</p>' });
    const form = (body: string) => ({ 'content-type': 'application/x-www-form-urlencoded', payload: body });
    const put = (target: string, body: string) =>
      call(
        {
          method: 'PUT',
          url: `/api/editor_edit2/${target}`,
          headers: { 'content-type': form(body)['content-type'] },
          payload: body,
        },
        t.as.moderator,
      );
    for (const target of ['abc', '1.5', '-1', '0x10']) {
      const res = await put(target, `category=${categoryId}&isPublished=true&isLyrics=false`);
      expect(res.statusCode, target).toBe(400);
      expect(res.json()).toEqual({ message: 'invalid_id' });
    }
    expect((await put(String(id), 'category=99999&isPublished=true&isLyrics=false')).json()).toMatchObject({
      message: 'category_not_found',
    });
    expect((await put(String(id), 'category=abc&isPublished=true&isLyrics=false')).statusCode).toBe(400);
    const ok = await put(String(id), `category=${categoryId}&isPublished=true&isLyrics=false`);
    expect(ok.json()).toEqual({ message: 'article_saved', revision: expect.any(Number) });
    expect((await t.app.inject({ method: 'GET', url: `/api/article/${slug}` })).statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/search?q=marmelada' }))
        .json()
        .results.map((r: { slug: string }) => r.slug),
    ).toEqual([slug]);
    // Unpublishing takes it out of the site and the search again.
    await put(String(id), `category=${categoryId}&isPublished=false&isLyrics=false`);
    expect((await t.app.inject({ method: 'GET', url: `/api/article/${slug}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/search?q=marmelada' })).json().results).toEqual([]);
  });

  it('keeps a lyric’s composer: set by the category step, kept by a save of the text, cleared when empty', async () => {
    const { id, slug } = await create({
      title: 'Corta-jaca',
      content: '<p>Neste mundo de misérias</p>',
      isLyrics: true,
      isPublished: true,
    });
    const step = (body: string) =>
      call(
        {
          method: 'PUT',
          url: `/api/editor_edit2/${id}`,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: body,
        },
        t.as.moderator,
      );
    const stepBody = (composer: string) =>
      `category=${categoryId}&isPublished=true&isLyrics=true&composer=${encodeURIComponent(composer)}`;
    const composerOf = async () =>
      (await call({ method: 'GET', url: `/api/articles/${id}` }, t.as.admin)).json().composer;
    const publicComposer = async () => (await t.app.inject({ url: `/api/lyrics/${slug}` })).json().composer;
    expect(await publicComposer()).toBeNull();
    expect((await step(stepBody('  Chiquinha Gonzaga '))).statusCode).toBe(200);
    expect(await composerOf()).toBe('Chiquinha Gonzaga');
    expect(await publicComposer()).toBe('Chiquinha Gonzaga');
    const revision = (await call({ method: 'GET', url: `/api/articles/${id}` }, t.as.admin)).json().revision;
    const saved = await call(
      {
        method: 'PUT',
        url: `/api/editor/articles/${id}`,
        headers: { 'if-match': `"r${revision}"` },
        payload: {
          title: 'Corta-jaca',
          content: '<p>Neste mundo de misérias, quem impera</p>',
          isLyrics: true,
          isPublished: true,
        },
      },
      t.as.admin,
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await composerOf()).toBe('Chiquinha Gonzaga');
    const tooLong = await step(stepBody('x'.repeat(121)));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({ message: 'validation_failed', errors: { composer: ['too_long'] } });
    expect(await composerOf()).toBe('Chiquinha Gonzaga');
    expect((await step(stepBody(''))).statusCode).toBe(200);
    expect(await composerOf()).toBeNull();
    expect(await publicComposer()).toBeNull();
  });

  it('sets a cover from the library or by upload, with a description of at most 255 characters', async () => {
    const { id } = await create({ title: 'Com capa', isPublished: true });
    const image = await libraryImage();
    const picked = await call(
      { method: 'PUT', url: `/api/editor_edit_cover/${id}`, payload: { cover: image } },
      t.as.moderator,
    );
    expect(picked.json()).toEqual({ message: 'cover_saved', revision: expect.any(Number) });
    expect(picked.headers.etag).toBe(`"r${picked.json().revision}"`);
    expect((await call({ method: 'GET', url: `/api/articles/${id}` }, t.as.admin)).json().cover).toBe(image);

    const missing = await call(
      {
        method: 'PUT',
        url: `/api/editor_edit_cover/${id}`,
        payload: { cover: 'library/0123456789abcdef0123456789abcdef.png' },
      },
      t.as.moderator,
    );
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('upload_not_found');

    // Without a file only the description changes.
    const upload = (fields: Record<string, string>, withFile: boolean) =>
      multipartBody({
        fields,
        files: withFile ? [{ field: 'file', filename: 'c.png', type: 'image/png', data: Buffer.alloc(0) }] : [],
      });
    const textOnly = upload({ article_id: String(id), description: 'Só texto' }, false);
    const res = await call(
      { method: 'POST', url: '/api/uploadArticleCover', headers: textOnly.headers, payload: textOnly.payload },
      t.as.moderator,
    );
    expect(res.json()).toEqual({ message: 'cover_saved', revision: expect.any(Number) });
    expect(res.json().revision).toBeGreaterThan(picked.json().revision);
    expect((await call({ method: 'GET', url: `/api/articles/${id}` }, t.as.admin)).json()).toMatchObject({
      cover: image,
      description: 'Só texto',
    });

    const tooLong = upload({ article_id: String(id), description: 'x'.repeat(256) }, false);
    expect(
      (
        await call(
          { method: 'POST', url: '/api/uploadArticleCover', headers: tooLong.headers, payload: tooLong.payload },
          t.as.moderator,
        )
      ).statusCode,
    ).toBe(400);
    const badId = upload({ article_id: 'abc' }, false);
    expect(
      (
        await call(
          { method: 'POST', url: '/api/uploadArticleCover', headers: badId.headers, payload: badId.payload },
          t.as.moderator,
        )
      ).json(),
    ).toEqual({
      message: 'invalid_id',
    });

    const webp = await sharp({ create: { width: 1200, height: 630, channels: 3, background: '#246' } })
      .webp()
      .toBuffer();
    const withFile = multipartBody({
      fields: { article_id: String(id), description: 'Nova' },
      files: [{ field: 'file', filename: 'nova.webp', type: 'image/webp', data: webp }],
    });
    expect(
      (
        await call(
          { method: 'POST', url: '/api/uploadArticleCover', headers: withFile.headers, payload: withFile.payload },
          t.as.admin,
        )
      ).json(),
    ).toEqual({
      message: 'cover_saved',
      revision: expect.any(Number),
    });
    const after = (await call({ method: 'GET', url: `/api/articles/${id}` }, t.as.admin)).json();
    expect(after.cover).toMatch(/^library\/[a-f0-9]{32}\.webp$/);
    const served = await t.app.inject({ method: 'GET', url: `/uploads/${after.cover}` });
    expect(served.statusCode).toBe(200);
  });

  describe('scheduled publishing', () => {
    /**
     * A clock moved by hand for a scheduler of the test's own: faking the process's timers would also
     * fire the database pool's connection timeouts while the clock jumps hours ahead.
     */
    const handClock = (start: number) => {
      let now = start;
      let sleeping: { at: number; wake: () => void }[] = [];
      return {
        now: () => now,
        sleep(wake: () => void, ms: number) {
          const sleeper = { at: now + ms, wake };
          sleeping.push(sleeper);
          return () => {
            sleeping = sleeping.filter((s) => s !== sleeper);
          };
        },
        /** Moves to `target`, waking each sleeper in turn and letting its look finish its database work. */
        async runUntil(target: number, settled: () => Promise<void>) {
          for (;;) {
            const next = sleeping.filter((s) => s.at <= target).sort((x, y) => x.at - y.at)[0];
            if (!next) break;
            sleeping = sleeping.filter((s) => s !== next);
            now = next.at;
            next.wake();
            await settled();
          }
          now = target;
        },
      };
    };

    it('keeps a scheduled article hidden before its time and publishes it at that time, nobody acting', async () => {
      const start = Date.now();
      const clock = handClock(start);
      const releases = startReleaseScheduler(t.app, clock);
      try {
        const publishAt = new Date(start + 2 * 60 * 60_000).toISOString();
        const { id, slug } = await create({
          title: 'Agendado',
          content: '<p>tangerina</p>',
          isPublished: true,
          publishAt,
        });
        releases.wake();
        await releases.settled();
        const article = () => t.app.inject({ method: 'GET', url: `/api/article/${slug}` });
        const search = async () =>
          (await t.app.inject({ method: 'GET', url: '/api/search?q=tangerina' })).json().results;

        expect((await call({ method: 'GET', url: `/api/articles/${id}` }, t.as.admin)).json()).toMatchObject({
          isPublished: false,
          publishAt,
        });
        expect((await article()).statusCode).toBe(404);
        expect(await search()).toEqual([]);
        const list = (await t.app.inject({ method: 'GET', url: '/api/articles' })).json().articles;
        expect(list.map((a: { slug: string }) => a.slug)).not.toContain(slug);

        await clock.runUntil(start + 2 * 60 * 60_000 - 1000, releases.settled);
        expect((await article()).statusCode).toBe(404);

        await clock.runUntil(start + 2 * 60 * 60_000 + 1000, releases.settled);
        const live = await article();
        expect(live.statusCode).toBe(200);
        expect(live.json().publishedAt).toBe(publishAt);
        expect((await search()).map((r: { slug: string }) => r.slug)).toEqual([slug]);
        expect((await call({ method: 'GET', url: `/api/articles/${id}` }, t.as.admin)).json()).toMatchObject({
          isPublished: true,
          publishAt: null,
        });
      } finally {
        releases.stop();
      }
    });
  });
});
