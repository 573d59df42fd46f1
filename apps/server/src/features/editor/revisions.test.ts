import sharp from 'sharp';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from '../../test/db.js';
import { articleDeps, articleFields, updateArticle } from '../articles/index.js';
import { recordStamp, saveRecord } from '../revisions/index.js';
import { multipartBody } from '../../test/multipart.js';
import { useStaffSuite } from '../../test/staff-matrix.js';

/*
 * Revisions, publishing changes and conflict-safe saves (decision 024), on both databases: a live article
 * keeps what the public reads while staff save, every save is a revision (who, when), restore brings one back as
 * the newest, and a save naming an older revision in `If-Match` is refused with 412 and writes nothing.
 */
describeEachDialect('article revisions', (dialect) => {
  const t = useStaffSuite(dialect, { member: 'leitor_rev', moderator: 'revisora', admin: 'chefe_rev' });
  let categoryId: number;
  let counter = 0;

  beforeAll(async () => {
    categoryId = (await t.app.inject({ method: 'GET', url: '/api/article-categories' })).json()[0].id;
  });

  const create = async (body: Record<string, unknown> = {}) => {
    const res = await t.call(
      {
        method: 'POST',
        url: '/api/editor/articles',
        payload: { title: `Revisto ${++counter}`, content: '<p>primeira</p>', categoryId, ...body },
      },
      t.as.admin,
    );
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number; slug: string; revision: number };
  };
  const save = (
    id: number,
    body: Record<string, unknown>,
    headers: Record<string, string> = {},
    who = t.as.moderator,
  ) =>
    t.call(
      {
        method: 'PUT',
        url: `/api/editor/articles/${id}`,
        payload: { categoryId, ...body },
        headers: { ...who, ...headers },
      },
      {},
    );
  const read = (id: number) => t.call({ method: 'GET', url: `/api/articles/${id}` }, t.as.moderator);
  const publicArticle = async (slug: string) => t.app.inject({ method: 'GET', url: `/api/article/${slug}` });
  const history = async (id: number) =>
    (await t.call({ method: 'GET', url: `/api/editor/articles/${id}/revisions` }, t.as.moderator)).json().revisions as {
      id: number;
      authorName: string | null;
      createdAt: string;
      title: string;
      isHead: boolean;
      isLive: boolean;
      restoredFrom: number | null;
      publishedAt: string | null;
    }[];

  it('keeps the live text of a published article while staff save, until "publish changes"', async () => {
    const { id, slug } = await create({ title: 'Ao vivo', isPublished: true });
    const saved = await save(id, { title: 'Ao vivo, revisto', content: '<p>segunda</p>', isPublished: true });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ message: 'draft_saved', pendingChanges: true, liveSlug: slug });

    const live = (await publicArticle(slug)).json();
    expect(live).toMatchObject({ title: 'Ao vivo', content: '<p>primeira</p>' });
    expect((await t.app.inject({ method: 'GET', url: '/api/search?q=segunda' })).json().results).toEqual([]);
    const editing = (await read(id)).json();
    expect(editing).toMatchObject({
      title: 'Ao vivo, revisto',
      content: '<p>segunda</p>',
      pendingChanges: true,
      liveSlug: slug,
      revisionAuthor: 'Name of revisora',
    });

    const published = await t.call({ method: 'POST', url: `/api/editor/articles/${id}/publish` }, t.as.moderator);
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json()).toMatchObject({ message: 'changes_published', pendingChanges: false });
    expect((await publicArticle(slug)).json()).toMatchObject({ title: 'Ao vivo, revisto', content: '<p>segunda</p>' });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/search?q=segunda' }))
        .json()
        .results.map((r: { slug: string }) => r.slug),
    ).toEqual([slug]);
    expect((await read(id)).json().pendingChanges).toBe(false);
    const [newest] = await history(id);
    expect(newest).toMatchObject({ isHead: true, isLive: true, title: 'Ao vivo, revisto' });
    expect(newest!.publishedAt).not.toBeNull();
  });

  it('writes a draft straight through: nothing waits to be published', async () => {
    const { id, slug } = await create({ title: 'Rascunho direto' });
    const saved = await save(id, { title: 'Rascunho direto', content: '<p>nova</p>' });
    expect(saved.json()).toMatchObject({ message: 'article_saved', pendingChanges: false });
    expect((await publicArticle(slug)).statusCode).toBe(404);
    expect((await read(id)).json()).toMatchObject({ content: '<p>nova</p>', pendingChanges: false });
  });

  it('marks no revision as on the site while the article is a draft, and the published one once it is live', async () => {
    const { id } = await create({ title: 'Ainda rascunho' });
    expect((await save(id, { title: 'Ainda rascunho', content: '<p>segunda</p>' })).statusCode).toBe(200);
    expect((await history(id)).map((row) => row.isLive)).toEqual([false, false]);

    expect((await save(id, { title: 'Ainda rascunho', content: '<p>no ar</p>', isPublished: true })).statusCode).toBe(
      200,
    );
    const [newest, ...older] = await history(id);
    expect(newest).toMatchObject({ isHead: true, isLive: true });
    expect(older.map((row) => row.isLive)).toEqual([false, false]);
  });

  it('keeps a revision of every save with who and when, newest first', async () => {
    const { id } = await create({ title: 'Muitas versões', isPublished: true });
    for (let n = 1; n <= 4; n += 1) {
      const who = n % 2 ? t.as.moderator : t.as.admin;
      expect(
        (await save(id, { title: 'Muitas versões', content: `<p>versão ${n}</p>`, isPublished: true }, {}, who))
          .statusCode,
      ).toBe(200);
    }
    const revisions = await history(id);
    expect(revisions).toHaveLength(5);
    expect(revisions[0]).toMatchObject({ isHead: true, isLive: false, authorName: 'Name of chefe_rev' });
    expect(revisions[1]).toMatchObject({ authorName: 'Name of revisora' });
    expect(revisions.at(-1)).toMatchObject({ isLive: true });
    for (const [a, b] of revisions.slice(0, -1).map((r, i) => [r, revisions[i + 1]!] as const)) {
      expect(a.id).toBeGreaterThan(b.id);
      expect(Date.parse(a.createdAt)).toBeGreaterThanOrEqual(Date.parse(b.createdAt));
    }
    const oldest = await t.call(
      { method: 'GET', url: `/api/editor/articles/${id}/revisions/${revisions.at(-2)!.id}` },
      t.as.moderator,
    );
    expect(oldest.json().content).toBe(`<p>versão 1</p>`);
  });

  it('says per row what the save changed from the revision before it: fields by name, the body in characters', async () => {
    const { id } = await create({ title: 'O que mudou', content: '<p>Um texto curto.</p>' });
    const steps = [
      { title: 'O que mudou', content: '<p>Um texto curto e agora mais comprido.</p>' },
      { title: 'Outro título', content: '<p>Um texto curto e agora mais comprido.</p>', description: 'Resumo' },
      {
        title: 'Outro título',
        content: '<p>Um <strong>texto</strong> curto e agora mais comprido.</p>',
        description: 'Resumo',
      },
      {
        title: 'Outro título',
        content: '<p>Um texto curto.</p><p>Novo parágrafo &amp; fim.</p>',
        description: 'Resumo',
      },
    ];
    for (const step of steps) expect((await save(id, step)).statusCode).toBe(200);
    const changes = (await history(id)).map((row) => (row as { changes?: unknown }).changes);
    expect(changes).toEqual([
      // Counted by whole words, whitespace aside: "curto e agora mais comprido." (24) gave way to "curto." and
      // "Novo parágrafo & fim." (24, the entity one character).
      { fields: [], slotsAdded: [], slotsRemoved: [], slotsChanged: [], characters: { added: 24, removed: 24 } },
      { fields: ['content'], slotsAdded: [], slotsRemoved: [], slotsChanged: [], characters: { added: 0, removed: 0 } },
      {
        fields: ['title', 'description'],
        slotsAdded: [],
        slotsRemoved: [],
        slotsChanged: [],
        characters: { added: 0, removed: 0 },
      },
      // "curto." became "curto e agora mais comprido.".
      { fields: [], slotsAdded: [], slotsRemoved: [], slotsChanged: [], characters: { added: 24, removed: 6 } },
      null,
    ]);
  });

  it('keeps every revision for 30 days, then the newest of each day up to a year, and the live one whatever its age', async () => {
    const day = 24 * 60 * 60 * 1000;
    // Saves on a clock moved forward, from midnight (UTC) of a day after today: the day a time falls on is certain.
    const start = (Math.floor(Date.now() / day) + 1) * day;
    const at = (days: number, hours = 0) => new Date(start + days * day + hours * 60 * 60 * 1000);
    const deps = articleDeps(t.app);
    const { id } = await create({ title: 'Linha do tempo', isPublished: true });
    const author = (
      await t.app.db.selectFrom('users').select('id').where('username', '=', 'revisora').executeTakeFirstOrThrow()
    ).id;
    const saveAt = async (text: string, now: Date) => {
      const input = articleFields({
        title: 'Linha do tempo',
        content: `<p>${text}</p>`,
        categoryId,
        isPublished: true,
        isLyrics: false,
        images: [],
      });
      return (await updateArticle(deps, id, input, { authorId: author, asDraft: true, now })).revision;
    };
    const tooOld = await saveAt('há mais de um ano', at(10));
    const morning = await saveAt('manhã', at(60, 9));
    const noon = await saveAt('meio-dia', at(60, 12));
    const evening = await saveAt('noite', at(60, 20));
    const nextDay = await saveAt('dia seguinte', at(61, 9));
    const recent = await saveAt('recente', at(415, 1));
    const recentAgain = await saveAt('recente de novo', at(415, 2));
    const newest = await saveAt('hoje', at(420));
    const ids = (await history(id)).map((row) => row.id);
    // The first revision is the live text (never published since): kept at any age.
    expect(ids).toEqual([newest, recentAgain, recent, nextDay, evening, ids.at(-1)]);
    expect(ids).not.toContain(tooOld);
    expect(ids).not.toContain(morning);
    expect(ids).not.toContain(noon);
    expect((await history(id)).at(-1)).toMatchObject({ isLive: true });

    // A store's history follows the same rule.
    const storeCategory = (await t.call({ method: 'GET', url: '/api/album-categories' }, t.as.admin)).json()[0]
      .id as number;
    const added = await t.call(
      {
        method: 'POST',
        url: '/api/album/add',
        payload: { name: 'Loja do tempo', country: 'br', category: storeCategory },
      },
      t.as.admin,
    );
    const store = added.json().id as number;
    const saveStore = (name: string, now: Date) =>
      t.app.db
        .transaction()
        .execute((trx) =>
          saveRecord(trx, dialect, { kind: 'store', refId: store, authorId: author, now }, async () => ({ name })),
        );
    await t.app.db.deleteFrom('record_revisions').where('kind', '=', 'store').where('ref_id', '=', store).execute();
    const storeOld = await saveStore('velha', at(10));
    const storeMorning = await saveStore('manhã', at(60, 9));
    const storeEvening = await saveStore('noite', at(60, 20));
    const storeRecent = await saveStore('recente', at(415));
    const storeNewest = await saveStore('hoje', at(420));
    const kept = await t.app.db
      .selectFrom('record_revisions')
      .select('id')
      .where('kind', '=', 'store')
      .where('ref_id', '=', store)
      .orderBy('id', 'desc')
      .execute();
    expect(kept.map((row) => row.id)).toEqual([storeNewest, storeRecent, storeEvening]);
    expect([storeOld, storeMorning].some((gone) => kept.some((row) => row.id === gone))).toBe(false);
    expect((await recordStamp(t.app.db, 'store', store)).revision).toBe(storeNewest);
  });

  it('restores an older revision as the newest one, keeping the one it replaces', async () => {
    const { id, slug } = await create({ title: 'Restaurar', isPublished: true });
    await save(id, { title: 'Restaurar', content: '<p>errada</p>', isPublished: true });
    const [bad, original] = await history(id);
    const restored = await t.call(
      { method: 'POST', url: `/api/editor/articles/${id}/revisions/${original!.id}/restore` },
      t.as.admin,
    );
    expect(restored.statusCode, restored.body).toBe(200);
    // The restored text is the live one: nothing is left to publish.
    expect(restored.json()).toMatchObject({ pendingChanges: false });
    const after = await history(id);
    expect(after[0]).toMatchObject({
      restoredFrom: original!.id,
      isHead: true,
      isLive: true,
      authorName: 'Name of chefe_rev',
    });
    expect(after.map((r) => r.id)).toContain(bad!.id);
    expect((await read(id)).json().content).toBe('<p>primeira</p>');
    expect((await publicArticle(slug)).json().content).toBe('<p>primeira</p>');

    const unknown = await t.call(
      { method: 'POST', url: `/api/editor/articles/${id}/revisions/999999/restore` },
      t.as.admin,
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'revision_not_found' });
    // A revision that is no id names none; a bad article id is the editor's 400 whatever the revision.
    for (const [method, tail] of [
      ['GET', ''],
      ['POST', '/restore'],
    ] as const) {
      const noId = await t.call({ method, url: `/api/editor/articles/${id}/revisions/abc${tail}` }, t.as.admin);
      expect([noId.statusCode, noId.json()], tail).toEqual([404, { message: 'revision_not_found' }]);
      const badArticle = await t.call({ method, url: `/api/editor/articles/x/revisions/abc${tail}` }, t.as.admin);
      expect([badArticle.statusCode, badArticle.json()], tail).toEqual([400, { message: 'invalid_id' }]);
    }
    const other = await create();
    const foreign = await t.call(
      { method: 'GET', url: `/api/editor/articles/${other.id}/revisions/${original!.id}` },
      t.as.admin,
    );
    expect(foreign.statusCode).toBe(404);
  });

  it('answers an ETag of the current revision and refuses a stale If-Match with 412, writing nothing', async () => {
    const { id, slug } = await create({ title: 'Dois editores', isPublished: true });
    const first = await read(id);
    const etag = first.headers.etag as string;
    expect(etag).toBe(`"r${first.json().revision}"`);

    // Tab A saves a new title with the ETag it read.
    const a = await save(
      id,
      { title: 'Título de A', content: '<p>primeira</p>', isPublished: true },
      { 'if-match': etag },
    );
    expect(a.statusCode, a.body).toBe(200);
    expect(a.headers.etag).toBe(`"r${a.json().revision}"`);
    const before = await history(id);

    // Tab B still holds the first ETag: its body save is refused and loses nothing of A's.
    const b = await save(
      id,
      { title: 'Dois editores', content: '<p>corpo de B</p>', isPublished: true },
      { 'if-match': etag },
      t.as.admin,
    );
    expect(b.statusCode).toBe(412);
    expect(b.json()).toEqual({ message: 'edit_conflict' });
    expect(await history(id)).toEqual(before);
    expect((await read(id)).json()).toMatchObject({
      title: 'Título de A',
      content: '<p>primeira</p>',
      revisionAuthor: 'Name of revisora',
    });
    const stalePublish = await t.call(
      { method: 'POST', url: `/api/editor/articles/${id}/publish`, headers: { 'if-match': etag } },
      t.as.admin,
    );
    expect(stalePublish.statusCode).toBe(412);
    expect((await publicArticle(slug)).json().title).toBe('Dois editores');

    // "Keep mine": B saves again on top of A's revision, as a new revision.
    const mine = await save(
      id,
      { title: 'Título de A', content: '<p>corpo de B</p>', isPublished: true },
      { 'if-match': a.headers.etag as string },
      t.as.admin,
    );
    expect(mine.statusCode).toBe(200);
    expect((await history(id)).length).toBe(before.length + 1);
    // Weak and listed tags match too; a client that sends none saves unconditionally.
    expect(
      (
        await save(
          id,
          { title: 'Título de A', content: '<p>três</p>', isPublished: true },
          { 'if-match': `"r1", W/${mine.headers.etag as string}` },
        )
      ).statusCode,
    ).toBe(200);
    expect((await save(id, { title: 'Sem If-Match', content: '<p>quatro</p>', isPublished: true })).statusCode).toBe(
      200,
    );

    // The category step is conflict-safe too: the tab still holding the first ETag is refused, the flags unchanged.
    const categoryStep = (ifMatch: string) =>
      t.call(
        {
          method: 'PUT',
          url: `/api/editor_edit2/${id}`,
          headers: { 'if-match': ifMatch, 'content-type': 'application/x-www-form-urlencoded' },
          payload: `category=${categoryId}&isPublished=false&isLyrics=false`,
        },
        t.as.admin,
      );
    const staleStep = await categoryStep(etag);
    expect(staleStep.statusCode).toBe(412);
    expect(staleStep.json()).toEqual({ message: 'edit_conflict' });
    expect((await read(id)).json()).toMatchObject({ isPublished: true, title: 'Sem If-Match' });
    const current = (await read(id)).headers.etag as string;
    const step = await categoryStep(current);
    expect(step.statusCode, step.body).toBe(200);
    expect((await read(id)).json()).toMatchObject({ isPublished: false, category: categoryId });
    expect(step.headers.etag).toBe((await read(id)).headers.etag);
  });

  it('the category step changes the flags of a live article at once and keeps its pending text; unpublishing folds it in', async () => {
    const { id, slug } = await create({ title: 'Passo dois', isPublished: true });
    await save(id, { title: 'Passo dois', content: '<p>pendente</p>', isPublished: true });
    const categories = (await t.app.inject({ method: 'GET', url: '/api/article-categories' })).json() as {
      id: number;
    }[];
    const other = categories[1]!.id;
    const step = (isPublished: boolean) =>
      t.call(
        {
          method: 'PUT',
          url: `/api/editor_edit2/${id}`,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: `category=${other}&isPublished=${isPublished}&isLyrics=false`,
        },
        t.as.moderator,
      );
    expect((await step(true)).statusCode).toBe(200);
    expect((await publicArticle(slug)).json()).toMatchObject({ category: other, content: '<p>primeira</p>' });
    expect((await read(id)).json()).toMatchObject({ content: '<p>pendente</p>', pendingChanges: true });

    expect((await step(false)).statusCode).toBe(200);
    expect((await publicArticle(slug)).statusCode).toBe(404);
    expect((await read(id)).json()).toMatchObject({
      content: '<p>pendente</p>',
      pendingChanges: false,
      isPublished: false,
    });
    expect((await step(true)).statusCode).toBe(200);
    expect((await publicArticle(slug)).json().content).toBe('<p>pendente</p>');
  });

  it('refuses a save naming an upload that is not a staff upload of the library, in the cover, the list or the body', async () => {
    const { id } = await create({ title: 'Imagens' });
    const unknown = 'library/0123456789abcdef0123456789abcdef.png';
    const profilePicture = 'profile/0123456789abcdef0123456789abcdef.jpg';
    for (const [payload, field] of [
      [{ cover: unknown }, 'cover'],
      [{ images: [profilePicture] }, 'images'],
      [{ content: `<p><img src="/uploads/${profilePicture}" alt="x"></p>` }, 'content'],
    ] as const) {
      for (const res of [
        await save(id, { title: 'Imagens', ...payload }),
        await t.call(
          { method: 'POST', url: '/api/editor/articles', payload: { title: 'Nova com imagem', ...payload } },
          t.as.admin,
        ),
      ]) {
        expect(res.statusCode, field).toBe(400);
        expect(res.json(), field).toEqual({ message: 'upload_not_found', errors: { [field]: ['upload_not_found'] } });
      }
    }
    expect((await history(id)).length).toBe(1);
  });

  it('puts a new cover of a live article live at once, unless text changes wait: then it waits with them', async () => {
    const { id, slug } = await create({ title: 'Capa ao vivo', isPublished: true });
    const upload = async () => {
      const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3a6' } })
        .png()
        .toBuffer();
      const body = multipartBody({ files: [{ field: 'files[]', filename: 'c.png', type: 'image/png', data: png }] });
      return (
        await t.call(
          { method: 'POST', url: '/api/uploadImage', headers: body.headers, payload: body.payload },
          t.as.admin,
        )
      ).json().files[0].name as string;
    };
    const first = await upload();
    expect(
      (await t.call({ method: 'PUT', url: `/api/editor_edit_cover/${id}`, payload: { cover: first } }, t.as.moderator))
        .statusCode,
    ).toBe(200);
    expect((await publicArticle(slug)).json().cover).toBe(first);
    expect((await read(id)).json().pendingChanges).toBe(false);

    await save(id, { title: 'Capa ao vivo', content: '<p>texto pendente</p>', isPublished: true, cover: first });
    const second = await upload();
    await t.call({ method: 'PUT', url: `/api/editor_edit_cover/${id}`, payload: { cover: second } }, t.as.moderator);
    expect((await publicArticle(slug)).json()).toMatchObject({ cover: first, content: '<p>primeira</p>' });
    expect((await read(id)).json()).toMatchObject({
      cover: second,
      content: '<p>texto pendente</p>',
      pendingChanges: true,
    });
  });

  it('refuses a cover picked or uploaded on a stale If-Match with 412, changing nothing and storing no file', async () => {
    const { id, slug } = await create({ title: 'Capa disputada', isPublished: true });
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#a36' } })
      .png()
      .toBuffer();
    const library = await t.call(
      {
        method: 'POST',
        url: '/api/uploadImage',
        ...multipartBody({ files: [{ field: 'files[]', filename: 'c.png', type: 'image/png', data: png }] }),
      },
      t.as.admin,
    );
    const picture = library.json().files[0].name as string;
    const stale = (await read(id)).headers.etag as string;
    // A colleague saves the text: the version this cover screen read is now stale.
    await save(
      id,
      { title: 'Capa disputada', content: '<p>do colega</p>', isPublished: true },
      { 'if-match': stale },
      t.as.admin,
    );
    const before = await history(id);
    const uploads = async () =>
      (
        await t.app.db
          .selectFrom('uploads')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n;
    const stored = Number(await uploads());

    const pick = (ifMatch: string) =>
      t.call(
        {
          method: 'PUT',
          url: `/api/editor_edit_cover/${id}`,
          payload: { cover: picture },
          headers: { 'if-match': ifMatch },
        },
        t.as.moderator,
      );
    const upload = (ifMatch: string) => {
      const body = multipartBody({
        fields: { article_id: String(id), description: 'Nova legenda' },
        files: [{ field: 'file', filename: 'n.png', type: 'image/png', data: png }],
      });
      return t.call(
        {
          method: 'POST',
          url: '/api/uploadArticleCover',
          headers: { ...body.headers, 'if-match': ifMatch },
          payload: body.payload,
        },
        t.as.moderator,
      );
    };
    for (const refused of [await pick(stale), await upload(stale)]) {
      expect(refused.statusCode, refused.body).toBe(412);
      expect(refused.json()).toEqual({ message: 'edit_conflict' });
    }
    expect(await history(id)).toEqual(before);
    expect(Number(await uploads())).toBe(stored);
    expect((await read(id)).json()).toMatchObject({ cover: null, description: '', content: '<p>do colega</p>' });

    // On the current version both go through, and each answers the version it made.
    const picked = await pick((await read(id)).headers.etag as string);
    expect(picked.statusCode, picked.body).toBe(200);
    expect(picked.headers.etag).toBe((await read(id)).headers.etag);
    const uploaded = await upload(picked.headers.etag as string);
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    expect(uploaded.headers.etag).toBe((await read(id)).headers.etag);
    expect((await read(id)).json()).toMatchObject({ description: 'Nova legenda', content: '<p>do colega</p>' });
    expect((await read(id)).json().cover).not.toBe(picture);
    expect((await publicArticle(slug)).json().content).toBe('<p>primeira</p>');
  });

  it("counts the body's text against its 200,000 characters (markup aside), answers 400 on the field beyond, 413 beyond any article", async () => {
    const { id } = await create({ title: 'Longo' });
    // Multi-byte letters: 200,000 characters are far more bytes than the app's usual JSON limit; the bold and the
    // paragraph are markup the limit does not count.
    const text = (length: number) => 'ção '.repeat(Math.ceil(length / 4)).slice(0, length);
    const body = (length: number) => `<p><strong>${text(length)}</strong></p>`;
    const full = body(200_000);
    expect(full.length).toBeGreaterThan(200_000);
    const saved = await save(id, { title: 'Longo', content: full });
    expect(saved.statusCode, saved.body.slice(0, 200)).toBe(200);
    expect((await read(id)).json().content as string).toBe(full);
    // Text in many short formatted paragraphs: well under the text limit, its HTML over 200,000 characters.
    const marked = Array.from({ length: 8000 }, (_, i) => `<p><em>linha ${i}</em> e <strong>mais</strong></p>`).join(
      '',
    );
    expect(marked.length).toBeGreaterThan(300_000);
    expect((await save(id, { title: 'Longo', content: marked })).statusCode).toBe(200);

    const over = await save(id, { title: 'Longo', content: body(200_001) });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({ errors: { content: ['too_long'] } });
    const markupOver = await save(id, { title: 'Longo', content: '<p></p>'.repeat(150_000) });
    expect(markupOver.statusCode).toBe(400);
    expect(markupOver.json()).toMatchObject({ errors: { content: ['too_long'] } });
    const huge = await save(id, { title: 'Longo', content: 'x'.repeat(3 * 1024 * 1024) });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ message: 'payload_too_large' });
    // Elsewhere the usual limit holds.
    const elsewhere = await t.call(
      { method: 'PUT', url: `/api/editor_edit_cover/${id}`, payload: { cover: 'x'.repeat(100_000) } },
      t.as.moderator,
    );
    expect(elsewhere.statusCode).toBe(413);
  });

  it("folds one editor's autosaves of the same ten minutes into one revision; asked-for saves, other editors and older windows stay", async () => {
    const { id } = await create({ title: 'Dobras' });
    const autosave = (text: string, revision: number, who = t.as.moderator) =>
      t.call(
        {
          method: 'PUT',
          url: `/api/editor/articles/${id}?autosave=1`,
          payload: { categoryId, title: 'Dobras', content: `<p>${text}</p>` },
          headers: { ...who, 'if-match': `"r${revision}"` },
        },
        {},
      );
    // Two of the editor's saves by hand, then three autosaves: the autosaves leave one revision, the newest.
    const first = (
      await save(
        id,
        { title: 'Dobras', content: '<p>um</p>' },
        { 'if-match': `"r${(await read(id)).json().revision}"` },
      )
    ).json().revision as number;
    const second = (await save(id, { title: 'Dobras', content: '<p>dois</p>' }, { 'if-match': `"r${first}"` })).json()
      .revision as number;
    const a = await autosave('três', second);
    const b = await autosave('quatro', a.json().revision);
    const c = await autosave('cinco', b.json().revision);
    expect(c.statusCode, c.body).toBe(200);
    // Each autosave is a new version: a tab holding an older one is still refused.
    expect(new Set([second, a.json().revision, b.json().revision, c.json().revision]).size).toBe(4);
    expect((await autosave('velho', a.json().revision)).statusCode).toBe(412);
    const ids = (await history(id)).map((row) => row.id);
    expect(ids.slice(0, 2)).toEqual([c.json().revision, first]);
    expect(ids).not.toContain(a.json().revision);
    expect(ids).not.toContain(b.json().revision);
    expect((await read(id)).json().content).toBe('<p>cinco</p>');
    // Another editor's autosave keeps the first editor's revision.
    const other = await autosave('seis', c.json().revision, t.as.admin);
    expect((await history(id)).map((row) => row.id).slice(0, 2)).toEqual([other.json().revision, c.json().revision]);
    // A revision of an earlier ten minutes is kept.
    const mine = await autosave('sete', other.json().revision);
    await t.app.db
      .updateTable('article_revisions')
      .set({ created_at: new Date(Date.now() - 11 * 60 * 1000).toISOString() })
      .where('id', '=', mine.json().revision)
      .execute();
    const later = await autosave('oito', mine.json().revision);
    expect((await history(id)).map((row) => row.id).slice(0, 2)).toEqual([later.json().revision, mine.json().revision]);
    expect(
      (
        await t.call(
          { method: 'PUT', url: `/api/editor/articles/${id}?autosave=sim`, payload: { categoryId, title: 'Dobras' } },
          t.as.moderator,
        )
      ).statusCode,
    ).toBe(400);
  });

  it('keeps the history staff-only', async () => {
    const { id } = await create();
    for (const who of ['anonymous', 'member'] as const) {
      const status = who === 'anonymous' ? 401 : 403;
      expect((await t.call({ method: 'GET', url: `/api/editor/articles/${id}/revisions` }, t.as[who])).statusCode).toBe(
        status,
      );
      expect((await t.call({ method: 'POST', url: `/api/editor/articles/${id}/publish` }, t.as[who])).statusCode).toBe(
        status,
      );
    }
  });

  // last in the file: it gives the admin a nickname.
  it("names the author by the display name, else the selected nickname, in the public byline and in the editor's history", async () => {
    const { id, slug } = await create({ title: 'Assinatura', isPublished: true });
    const admin = await t.app.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'chefe_rev')
      .executeTakeFirstOrThrow();
    await t.app.db.updateTable('nicknames').set({ is_selected: 0 }).where('user_id', '=', admin.id).execute();
    await t.app.db
      .insertInto('nicknames')
      .values({ user_id: admin.id, nickname: 'Chefe Ana', nickname_lower: 'chefe ana', is_selected: 1 })
      .execute();
    expect((await publicArticle(slug)).json().authorName).toBe('Name of chefe_rev');
    expect((await history(id))[0]!.authorName).toBe('Name of chefe_rev');
    await t.app.db.updateTable('users').set({ name: ' ' }).where('id', '=', admin.id).execute();
    expect((await history(id))[0]!.authorName).toBe('Chefe Ana');
    // A new article (the first one's public page is kept in the shared cache): its byline falls back to the nickname.
    const unnamed = await create({ title: 'Assinatura sem nome', isPublished: true });
    expect((await publicArticle(unnamed.slug)).json().authorName).toBe('Chefe Ana');
  });
});
