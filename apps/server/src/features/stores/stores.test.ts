import type { InjectOptions } from 'fastify';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from '../../test/db.js';
import { multipartBody } from '../../test/multipart.js';
import { describeStaffOnly, useStaffSuite } from '../../test/staff-matrix.js';

const png = () =>
  sharp({ create: { width: 60, height: 60, channels: 3, background: '#3a7' } })
    .png()
    .toBuffer();

describeEachDialect('shops and course stores', (dialect) => {
  const t = useStaffSuite(dialect, { member: 'cliente', moderator: 'lojista', admin: 'dona' });
  const { call } = t;
  let categoryId: number;
  let counter = 0;

  beforeAll(async () => {
    categoryId = (await t.app.inject({ method: 'GET', url: '/api/album-categories', headers: t.as.admin })).json()[0]
      .id;
  });

  const createShop = async (name = `Loja ${++counter}`) => {
    const res = await call(
      { method: 'POST', url: '/api/album/add', payload: { name, country: 'br', category: categoryId } },
      t.as.admin,
    );
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number; slug: string };
  };
  const pictureRequest = async (albumId: number, position: number | string): Promise<InjectOptions> => {
    const body = multipartBody({
      fields: { album_id: String(albumId), position: String(position) },
      files: [{ field: 'album_picture', filename: 'p.png', type: 'image/png', data: await png() }],
    });
    return { method: 'POST', url: '/api/upload-album-picture', headers: body.headers, payload: body.payload };
  };
  const fillSlot = async (albumId: number, position: number, link?: { actionUrl: string; description: string }) => {
    const res = await call(await pictureRequest(albumId, position), t.as.moderator);
    expect(res.statusCode, res.body).toBe(200);
    if (link) {
      const saved = await call(
        { method: 'POST', url: '/api/save-affiliate-link', payload: { album_id: albumId, position, ...link } },
        t.as.moderator,
      );
      expect(saved.statusCode, saved.body).toBe(200);
    }
  };
  const publishChanges = (albumId: number, revision: number) =>
    call(
      { method: 'POST', url: `/api/album/${albumId}/publish-changes`, headers: { 'if-match': `"r${revision}"` } },
      t.as.moderator,
    );
  const publish = (albumId: number, published = true) =>
    call(
      { method: 'POST', url: '/api/save-publish-state', payload: { album_id: albumId, is_published: published } },
      t.as.moderator,
    );

  /** A published shop with an unpublished change (its name); answers its id. */
  const draftedShop = async () => {
    const { id } = await createShop();
    expect((await publish(id)).statusCode).toBe(200);
    const edited = await call(
      {
        method: 'PUT',
        url: `/api/album_edit/${id}`,
        payload: { name: `Rascunho ${++counter}`, country: 'br', category: categoryId },
      },
      t.as.admin,
    );
    expect(edited.statusCode, edited.body).toBe(200);
    return id;
  };

  /** Every staff call, as a request a persona may send (fresh targets per request). */
  const calls: Record<string, () => Promise<InjectOptions>> = {
    'GET /api/albums': async () => ({ method: 'GET', url: '/api/albums' }),
    'GET /api/album-categories': async () => ({ method: 'GET', url: '/api/album-categories' }),
    'POST /api/album/add': async () => ({
      method: 'POST',
      url: '/api/album/add',
      payload: { name: `Matriz ${++counter}`, country: 'pt', category: categoryId },
    }),
    'POST /api/courseStore/add': async () => ({
      method: 'POST',
      url: '/api/courseStore/add',
      payload: { name: `Curso ${++counter}`, country: 'fr' },
    }),
    'GET /api/album/{id}': async () => ({ method: 'GET', url: `/api/album/${(await createShop()).id}` }),
    'GET /api/albumInfo/{id}': async () => ({ method: 'GET', url: `/api/albumInfo/${(await createShop()).id}` }),
    'PUT /api/album_edit/{id}': async () => ({
      method: 'PUT',
      url: `/api/album_edit/${(await createShop()).id}`,
      payload: { name: `Outra ${++counter}`, country: 'it', category: categoryId },
    }),
    'POST /api/save-publish-state': async () => ({
      method: 'POST',
      url: '/api/save-publish-state',
      payload: { album_id: (await createShop()).id, is_published: true },
    }),
    'POST /api/upload-album-picture': async () => pictureRequest((await createShop()).id, 0),
    'POST /api/save-affiliate-link': async () => {
      const { id } = await createShop();
      await fillSlot(id, 3);
      return {
        method: 'POST',
        url: '/api/save-affiliate-link',
        payload: { album_id: id, position: 3, actionUrl: 'https://example.com/p', description: 'Caneca' },
      };
    },
    'POST /api/delete-item': async () => ({
      method: 'POST',
      url: '/api/delete-item',
      payload: { album_id: (await createShop()).id, position: 0 },
    }),
    'POST /api/uploadAlbumCover': async () => {
      const body = multipartBody({
        fields: { album_id: String((await createShop()).id), description: 'Capa' },
        files: [{ field: 'file', filename: 'c.png', type: 'image/png', data: await png() }],
      });
      return { method: 'POST', url: '/api/uploadAlbumCover', headers: body.headers, payload: body.payload };
    },
    'GET /api/album/{id}/revisions': async () => ({
      method: 'GET',
      url: `/api/album/${(await createShop()).id}/revisions`,
    }),
    'GET /api/album/{id}/revisions/{revision}': async () => {
      const { id } = await createShop();
      const edited = await call(
        {
          method: 'PUT',
          url: `/api/album_edit/${id}`,
          payload: { name: `Vista ${++counter}`, country: 'br', category: categoryId },
        },
        t.as.admin,
      );
      return { method: 'GET', url: `/api/album/${id}/revisions/${edited.json().revision}` };
    },
    'POST /api/album/{id}/revisions/{revision}/restore': async () => {
      const { id } = await createShop();
      const edited = await call(
        {
          method: 'PUT',
          url: `/api/album_edit/${id}`,
          payload: { name: `Restaurada ${++counter}`, country: 'br', category: categoryId },
        },
        t.as.admin,
      );
      return { method: 'POST', url: `/api/album/${id}/revisions/${edited.json().revision}/restore` };
    },
    'POST /api/album/{id}/publish-changes': async () => ({
      method: 'POST',
      url: `/api/album/${await draftedShop()}/publish-changes`,
    }),
    'DELETE /api/album/{id}/changes': async () => ({
      method: 'DELETE',
      url: `/api/album/${await draftedShop()}/changes`,
    }),
    'POST /api/album/{id}/suggestStoreDescription': async () => ({
      method: 'POST',
      url: `/api/album/${(await createShop()).id}/suggestStoreDescription`,
    }),
  };

  describeStaffOnly(calls, t);

  it('serves the public reads to everybody', async () => {
    for (const url of ['/api/stores', '/api/courses', '/api/latestStores', '/api/ads']) {
      for (const who of ['anonymous', 'member', 'moderator'] as const)
        expect((await call({ method: 'GET', url }, t.as[who])).statusCode, url).toBe(200);
    }
  });

  it('derives the slug by the one rule and answers 409 on a clash', async () => {
    const { slug } = await createShop('Café: Ação  e Arte ');
    expect(slug).toBe('cafe-acao-e-arte');
    const again = await call(
      { method: 'POST', url: '/api/courseStore/add', payload: { name: 'Cafe Ação e Arte', country: 'br' } },
      t.as.admin,
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('slug_taken');
  });

  it('refuses a missing name, an unknown country and an unknown category', async () => {
    for (const payload of [
      { name: '', country: 'br', category: categoryId },
      { name: 'Sem país', country: 'de', category: categoryId },
      { name: 'Sem categoria', country: 'br' },
      { name: 'x'.repeat(101), country: 'br', category: categoryId },
    ]) {
      expect(
        (await call({ method: 'POST', url: '/api/album/add', payload }, t.as.admin)).statusCode,
        JSON.stringify(payload).slice(0, 60),
      ).toBe(400);
    }
    const unknown = await call(
      {
        method: 'POST',
        url: '/api/album/add',
        payload: { name: 'Categoria nenhuma', country: 'br', category: 999999 },
      },
      t.as.admin,
    );
    expect(unknown.json().message).toBe('category_not_found');
  });

  it.each([-1, 12, 100, '1.5', 'a'])('refuses position %s on every slot call', async (position) => {
    const { id } = await createShop();
    expect((await call(await pictureRequest(id, position), t.as.admin)).statusCode).toBe(400);
    expect(
      (await call({ method: 'POST', url: '/api/delete-item', payload: { album_id: id, position } }, t.as.admin))
        .statusCode,
    ).toBe(400);
    const link = await call(
      {
        method: 'POST',
        url: '/api/save-affiliate-link',
        payload: { album_id: id, position, actionUrl: 'https://example.com/x' },
      },
      t.as.admin,
    );
    expect(link.statusCode).toBe(400);
    expect((await call({ method: 'GET', url: `/api/album/${id}` }, t.as.admin)).json().content).toEqual([]);
  });

  it.each([
    'javascript:alert(1)',
    'data:text/html,<b>x</b>',
    '/relative/path',
    '//example.com/x',
    'ftp://example.com/x',
    'http:example.com',
    `https://example.com/${'a'.repeat(2000)}`,
    '',
  ])('refuses the link %s and keeps the slot as it was', async (actionUrl) => {
    const { id } = await createShop();
    await fillSlot(id, 0, { actionUrl: 'https://example.com/antes', description: 'Antes' });
    const res = await call(
      {
        method: 'POST',
        url: '/api/save-affiliate-link',
        payload: { album_id: id, position: 0, actionUrl, description: 'Depois' },
      },
      t.as.admin,
    );
    expect(res.statusCode).toBe(400);
    const [slot] = (await call({ method: 'GET', url: `/api/album/${id}` }, t.as.admin)).json().content;
    expect(slot).toMatchObject({ position: 0, actionUrl: 'https://example.com/antes', description: 'Antes' });
  });

  it('takes an http link of 2,000 characters, as multipart too; an empty slot has no link to set', async () => {
    const { id } = await createShop();
    await fillSlot(id, 11);
    const long = `http://example.com/${'b'.repeat(2000 - 'http://example.com/'.length)}`;
    const body = multipartBody({
      fields: { album_id: String(id), position: '11', actionUrl: long, description: 'Longo' },
    });
    const res = await call(
      { method: 'POST', url: '/api/save-affiliate-link', headers: body.headers, payload: body.payload },
      t.as.admin,
    );
    expect(res.statusCode, res.body).toBe(200);
    const empty = await call(
      {
        method: 'POST',
        url: '/api/save-affiliate-link',
        payload: { album_id: id, position: 5, actionUrl: 'https://example.com/' },
      },
      t.as.admin,
    );
    expect(empty.statusCode).toBe(404);
    expect(empty.json().message).toBe('slot_empty');
  });

  it('keeps a revision of every save of a store and refuses a stale If-Match with 412, writing nothing', async () => {
    const { id } = await createShop('Duas Abas');
    const read = () => call({ method: 'GET', url: `/api/albumInfo/${id}` }, t.as.moderator);
    const first = await read();
    expect(first.json()).toMatchObject({ revision: 0, revisionAuthor: null });
    expect(first.headers.etag).toBe('"r0"');
    const edit = (name: string, ifMatch: string) =>
      call(
        {
          method: 'PUT',
          url: `/api/album_edit/${id}`,
          headers: { 'if-match': ifMatch },
          payload: { name, country: 'br', category: categoryId },
        },
        t.as.moderator,
      );
    const a = await edit('Duas Abas A', '"r0"');
    expect(a.statusCode, a.body).toBe(200);
    expect(a.headers.etag).toBe(`"r${a.json().revision}"`);
    const b = await edit('Duas Abas B', '"r0"');
    expect(b.statusCode).toBe(412);
    expect(b.json()).toEqual({ message: 'edit_conflict' });
    const cover = multipartBody({
      fields: { album_id: String(id), description: 'Capa de B' },
      files: [{ field: 'file', filename: 'c.png', type: 'image/png', data: await png() }],
    });
    const staleCover = await call(
      {
        method: 'POST',
        url: '/api/uploadAlbumCover',
        headers: { ...cover.headers, 'if-match': '"r0"' },
        payload: cover.payload,
      },
      t.as.moderator,
    );
    expect(staleCover.statusCode).toBe(412);
    const now = (await read()).json();
    expect(now).toMatchObject({
      name: 'Duas Abas A',
      cover: null,
      description: '',
      revision: a.json().revision,
      revisionAuthor: 'Name of lojista',
    });
    // On top of the version read now, the cover goes through; publishing moves the version too.
    const fresh = await call(
      {
        method: 'POST',
        url: '/api/uploadAlbumCover',
        headers: { ...cover.headers, 'if-match': `"r${now.revision}"` },
        payload: cover.payload,
      },
      t.as.admin,
    );
    expect(fresh.statusCode, fresh.body).toBe(200);
    const published = await publish(id);
    expect(published.json().revision).toBeGreaterThan(fresh.json().revision);
    expect((await read()).json()).toMatchObject({
      description: 'Capa de B',
      published: true,
      revision: published.json().revision,
    });
    expect((await edit('Duas Abas C', `"r${now.revision}"`)).statusCode).toBe(412);
  });

  it('refuses every slot call and the publish switch from a stale page with 412, writing nothing and storing no picture', async () => {
    const { id } = await createShop('Duas Vitrines');
    await fillSlot(id, 1, { actionUrl: 'https://example.com/old', description: 'Caneca' });
    const read = async () => (await call({ method: 'GET', url: `/api/albumInfo/${id}` }, t.as.moderator)).json();
    const opened = (await read()).revision as number;
    // Editor A changes product 2's link; editor B's page still holds the version before it.
    const linkOf = (actionUrl: string, description: string, ifMatch: number) =>
      call(
        {
          method: 'POST',
          url: '/api/save-affiliate-link',
          headers: { 'if-match': `"r${ifMatch}"` },
          payload: { album_id: id, position: 1, actionUrl, description },
        },
        t.as.moderator,
      );
    const a = await linkOf('https://example.com/new', 'Caneca', opened);
    expect(a.statusCode, a.body).toBe(200);
    expect(a.headers.etag).toBe(`"r${a.json().revision}"`);
    const stale = { 'if-match': `"r${opened}"` };
    const b = await linkOf('https://example.com/old', 'Caneca azul', opened);
    expect(b.statusCode).toBe(412);
    expect(b.json()).toEqual({ message: 'edit_conflict' });
    const picture = await pictureRequest(id, 2);
    const files = async () =>
      (await readdir(path.join(t.app.config.DATA_DIR, 'uploads', 'stores'), { recursive: true })).length;
    const filesBefore = await files();
    expect((await call({ ...picture, headers: { ...picture.headers, ...stale } }, t.as.moderator)).statusCode).toBe(
      412,
    );
    expect(await files()).toBe(filesBefore);
    expect(
      (
        await call(
          { method: 'POST', url: '/api/delete-item', headers: stale, payload: { album_id: id, position: 1 } },
          t.as.moderator,
        )
      ).statusCode,
    ).toBe(412);
    expect(
      (
        await call(
          {
            method: 'POST',
            url: '/api/save-publish-state',
            headers: stale,
            payload: { album_id: id, is_published: true },
          },
          t.as.moderator,
        )
      ).statusCode,
    ).toBe(412);
    const now = await read();
    expect(now).toMatchObject({ published: false, revision: a.json().revision });
    expect(now.content).toEqual([
      expect.objectContaining({ position: 1, actionUrl: 'https://example.com/new', description: 'Caneca' }),
    ]);
    // On top of the version read now, B's change goes through.
    const again = await linkOf('https://example.com/new', 'Caneca azul', now.revision);
    expect(again.statusCode, again.body).toBe(200);
    const removed = await call(
      {
        method: 'POST',
        url: '/api/delete-item',
        headers: { 'if-match': `"r${again.json().revision}"` },
        payload: { album_id: id, position: 1 },
      },
      t.as.moderator,
    );
    expect(removed.statusCode, removed.body).toBe(200);
  });

  it('lists a store’s saves and restores one as a new revision: name, address (the old one redirects), cover text', async () => {
    const { id, slug } = await createShop('Feira Velha');
    await publish(id);
    const edit = (name: string, revision: number) =>
      call(
        {
          method: 'PUT',
          url: `/api/album_edit/${id}`,
          headers: { 'if-match': `"r${revision}"` },
          payload: { name, country: 'pt', category: categoryId },
        },
        t.as.moderator,
      );
    const stamp = async () =>
      (await call({ method: 'GET', url: `/api/albumInfo/${id}` }, t.as.moderator)).json().revision as number;
    const describe = async (description: string) => {
      const body = multipartBody({ fields: { album_id: String(id), description } });
      return (
        await call(
          {
            method: 'POST',
            url: '/api/uploadAlbumCover',
            headers: { ...body.headers, 'if-match': `"r${await stamp()}"` },
            payload: body.payload,
          },
          t.as.admin,
        )
      ).json().revision as number;
    };
    const old = await describe('Frutas da estação');
    const renamed = (await edit('Feira Nova', old)).json();
    const newest = await describe('Tudo novo');
    // A published store's edits wait for "Publicar alterações" (decision 028).
    expect((await t.app.inject({ method: 'GET', url: `/api/shop/${slug}` })).json()).toMatchObject({
      name: 'Feira Velha',
    });
    const live = await publishChanges(id, newest);
    expect(live.statusCode, live.body).toBe(200);
    const liveRevision = live.json().revision as number;

    const history = await call({ method: 'GET', url: `/api/album/${id}/revisions` }, t.as.moderator);
    expect(history.statusCode).toBe(200);
    const rows = history.json().revisions;
    expect(rows.slice(0, 4).map((row: { id: number }) => row.id)).toEqual([
      liveRevision,
      newest,
      renamed.revision,
      old,
    ]);
    expect(rows[0]).toMatchObject({ title: 'Feira Nova', authorName: 'Name of lojista', isHead: true });
    expect(rows[1]).toMatchObject({ title: 'Feira Nova', authorName: 'Name of dona', isHead: false });
    expect(rows[2]).toMatchObject({ title: 'Feira Nova', authorName: 'Name of lojista', isHead: false });
    expect(rows[3]).toMatchObject({ title: 'Feira Velha', isHead: false });

    const restore = (revision: number, ifMatch: number) =>
      call(
        {
          method: 'POST',
          url: `/api/album/${id}/revisions/${revision}/restore`,
          headers: { 'if-match': `"r${ifMatch}"` },
        },
        t.as.moderator,
      );
    const stale = await restore(old, renamed.revision);
    expect(stale.statusCode).toBe(412);
    expect(stale.json()).toEqual({ message: 'edit_conflict' });
    expect((await t.app.inject({ method: 'GET', url: '/api/shop/feira-nova' })).json()).toMatchObject({
      name: 'Feira Nova',
    });

    const restored = await restore(old, liveRevision);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toMatchObject({
      id,
      name: 'Feira Velha',
      slug,
      description: 'Frutas da estação',
      country: 'br',
      published: true,
      pendingChanges: true,
      revisionAuthor: 'Name of lojista',
    });
    expect(restored.json().revision).toBeGreaterThan(liveRevision);
    expect(restored.headers.etag).toBe(`"r${restored.json().revision}"`);
    expect((await t.app.inject({ method: 'GET', url: '/api/shop/feira-nova' })).json()).toMatchObject({
      name: 'Feira Nova',
      description: 'Tudo novo',
    });
    expect((await publishChanges(id, restored.json().revision)).json()).toMatchObject({
      name: 'Feira Velha',
      pendingChanges: false,
    });
    // The public reads the restored store at its old address; the one it had meanwhile redirects there.
    expect((await t.app.inject({ method: 'GET', url: `/api/shop/${slug}` })).json()).toMatchObject({
      name: 'Feira Velha',
    });
    const moved = await t.app.inject({ method: 'GET', url: '/api/shop/feira-nova' });
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe(`/api/shop/${slug}`);
    const after = (await call({ method: 'GET', url: `/api/album/${id}/revisions` }, t.as.moderator)).json().revisions;
    expect(after.slice(0, 3).map((row: { title: string }) => row.title)).toEqual([
      'Feira Velha',
      'Feira Velha',
      'Feira Nova',
    ]);

    expect((await restore(999999, after[0].id)).json()).toEqual({ message: 'revision_not_found' });
    const noId = await call({ method: 'POST', url: `/api/album/${id}/revisions/abc/restore` }, t.as.moderator);
    expect([noId.statusCode, noId.json()]).toEqual([404, { message: 'revision_not_found' }]);
    expect((await call({ method: 'GET', url: '/api/album/999999/revisions' }, t.as.moderator)).json()).toEqual({
      message: 'store_not_found',
    });
  });

  it('says on each history row what its save changed (fields, slots added, removed, changed) and shows a kept version', async () => {
    const { id } = await createShop('Banca do Histórico');
    await fillSlot(id, 0, { actionUrl: 'https://example.com/a', description: 'Caneca' });
    await fillSlot(id, 2);
    const renamed = await call(
      {
        method: 'PUT',
        url: `/api/album_edit/${id}`,
        payload: { name: 'Banca Renomeada', country: 'pt', category: categoryId },
      },
      t.as.moderator,
    );
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(
      (await call({ method: 'POST', url: '/api/delete-item', payload: { album_id: id, position: 0 } }, t.as.moderator))
        .statusCode,
    ).toBe(200);

    const rows = (await call({ method: 'GET', url: `/api/album/${id}/revisions` }, t.as.moderator)).json()
      .revisions as { id: number; changes: Record<string, unknown> | null }[];
    expect(rows.map((row) => row.changes)).toEqual([
      { fields: [], slotsAdded: [], slotsRemoved: [0], slotsChanged: [] },
      { fields: expect.arrayContaining(['name', 'country']), slotsAdded: [], slotsRemoved: [], slotsChanged: [] },
      { fields: [], slotsAdded: [2], slotsRemoved: [], slotsChanged: [] },
      { fields: [], slotsAdded: [], slotsRemoved: [], slotsChanged: [0] },
      null,
    ]);
    expect(rows[1]!.changes!.fields).not.toContain('description');

    // "Ver": the version before the slot was removed, as it was kept.
    const view = await call({ method: 'GET', url: `/api/album/${id}/revisions/${rows[1]!.id}` }, t.as.moderator);
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json()).toMatchObject({
      id: rows[1]!.id,
      name: 'Banca Renomeada',
      country: 'pt',
      categoryId,
      authorName: 'Name of lojista',
    });
    expect(
      view
        .json()
        .items.map((item: { position: number; actionUrl: string | null; description: string }) => [
          item.position,
          item.actionUrl,
          item.description,
        ]),
    ).toEqual([
      [0, 'https://example.com/a', 'Caneca'],
      [2, null, ''],
    ]);
    const other = await createShop();
    expect(
      (await call({ method: 'GET', url: `/api/album/${other.id}/revisions/${rows[1]!.id}` }, t.as.moderator)).json(),
    ).toEqual({ message: 'revision_not_found' });
    expect((await call({ method: 'GET', url: `/api/album/${id}/revisions/abc` }, t.as.moderator)).json()).toEqual({
      message: 'revision_not_found',
    });
  });

  it('keeps a published store live until its changes are published: fields, slots and cover text wait, then go live at once', async () => {
    const { id, slug } = await createShop('Banca Viva');
    await fillSlot(id, 0, { actionUrl: 'https://example.com/zero', description: 'Zero' });
    await fillSlot(id, 1, { actionUrl: 'https://example.com/um', description: 'Um' });
    expect((await publish(id)).statusCode).toBe(200);
    const publicRead = async (path = slug) => t.app.inject({ method: 'GET', url: `/api/shop/${path}` });
    const before = (await publicRead()).json();
    const card = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/stores' }))
        .json()
        .items.find((item: { id: number }) => item.id === id);
    const cardBefore = await card();
    const staffRead = async () => (await call({ method: 'GET', url: `/api/albumInfo/${id}` }, t.as.moderator)).json();
    expect(await staffRead()).toMatchObject({ pendingChanges: false });

    // Staff edit everything a published store has: name (so its address), a slot's picture, a link, a slot removed, the cover text.
    const renamed = await call(
      {
        method: 'PUT',
        url: `/api/album_edit/${id}`,
        payload: { name: 'Banca Nova', country: 'pt', category: categoryId },
      },
      t.as.moderator,
    );
    expect(renamed.json()).toMatchObject({ slug: 'banca-nova', message: 'album_saved' });
    await fillSlot(id, 0);
    const link = await call(
      {
        method: 'POST',
        url: '/api/save-affiliate-link',
        payload: { album_id: id, position: 0, actionUrl: 'https://example.com/novo', description: 'Novo' },
      },
      t.as.moderator,
    );
    expect(link.json()).toMatchObject({
      position: 0,
      actionUrl: 'https://example.com/novo',
      revision: expect.any(Number),
    });
    expect(
      (await call({ method: 'POST', url: '/api/delete-item', payload: { album_id: id, position: 1 } }, t.as.moderator))
        .statusCode,
    ).toBe(200);
    const cover = multipartBody({ fields: { album_id: String(id), description: 'Capa nova' } });
    expect(
      (
        await call(
          { method: 'POST', url: '/api/uploadAlbumCover', headers: cover.headers, payload: cover.payload },
          t.as.moderator,
        )
      ).statusCode,
    ).toBe(200);

    // The public sees the store as it was, everywhere; the new address is not a store yet.
    expect((await publicRead()).json()).toEqual(before);
    expect(await card()).toEqual(cardBefore);
    expect((await publicRead('banca-nova')).statusCode).toBe(404);
    const sitemap = async () => (await t.app.inject({ method: 'GET', url: '/sitemap.xml' })).body;
    const listedBefore = await sitemap();
    expect(listedBefore).toContain(`/shop/${slug}<`);
    expect(listedBefore).not.toContain('/shop/banca-nova<');
    const oldPicture = before.content[0].url as string;
    expect((await t.app.inject({ method: 'GET', url: `/uploads/${oldPicture}` })).statusCode).toBe(200);

    // Staff see the draft and are told it is not live; the list says so too.
    const draft = await staffRead();
    expect(draft).toMatchObject({
      name: 'Banca Nova',
      slug: 'banca-nova',
      country: 'pt',
      category: { id: categoryId },
      description: 'Capa nova',
      published: true,
      pendingChanges: true,
    });
    expect(
      draft.content.map((item: { position: number; description: string }) => [item.position, item.description]),
    ).toEqual([[0, 'Novo']]);
    expect(draft.content[0].url).not.toBe(oldPicture);
    const listed = (await call({ method: 'GET', url: '/api/albums?limit=40' }, t.as.moderator))
      .json()
      .albums.find((row: { id: number }) => row.id === id);
    expect(listed).toMatchObject({ name: 'Banca Viva', pendingChanges: true });

    // A stale version is refused and changes nothing; members and visitors cannot publish.
    const stale = await call(
      {
        method: 'POST',
        url: `/api/album/${id}/publish-changes`,
        headers: { 'if-match': `"r${renamed.json().revision}"` },
      },
      t.as.moderator,
    );
    expect(stale.statusCode).toBe(412);
    expect(stale.json()).toEqual({ message: 'edit_conflict' });
    expect((await call({ method: 'POST', url: `/api/album/${id}/publish-changes` }, t.as.member)).statusCode).toBe(403);
    expect((await call({ method: 'POST', url: `/api/album/${id}/publish-changes` }, t.as.anonymous)).statusCode).toBe(
      401,
    );
    expect((await publicRead()).json()).toEqual(before);

    const published = await call(
      { method: 'POST', url: `/api/album/${id}/publish-changes`, headers: { 'if-match': `"r${draft.revision}"` } },
      t.as.moderator,
    );
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json()).toMatchObject({ name: 'Banca Nova', pendingChanges: false });
    expect(published.json().revision).toBeGreaterThan(draft.revision);
    expect(published.headers.etag).toBe(`"r${published.json().revision}"`);
    const now = (await publicRead('banca-nova')).json();
    expect(now).toMatchObject({ name: 'Banca Nova', country: 'pt', cover: null, description: 'Capa nova' });
    expect(now.content).toEqual([
      {
        position: 0,
        url: draft.content[0].url,
        thumbnail: draft.content[0].thumbnail,
        actionUrl: 'https://example.com/novo',
        description: 'Novo',
      },
    ]);
    const listedAfter = await sitemap();
    expect(listedAfter).toContain('/shop/banca-nova<');
    expect(listedAfter).not.toContain(`/shop/${slug}<`);
    // The old address answers 301; the picture the draft replaced and the removed slot's stay stored while the
    // history shows them.
    const moved = await publicRead();
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe('/api/shop/banca-nova');
    expect((await t.app.inject({ method: 'GET', url: `/uploads/${oldPicture}` })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/uploads/${before.content[1].url}` })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/uploads/${now.content[0].url}` })).statusCode).toBe(200);
    // The cover of a draft is a use of its library image: it cannot be deleted while the draft waits.
    const picked = multipartBody({
      fields: { album_id: String(id), description: 'Capa nova' },
      files: [{ field: 'file', filename: 'c.png', type: 'image/png', data: await png() }],
    });
    const drafted = (
      await call(
        { method: 'POST', url: '/api/uploadAlbumCover', headers: picked.headers, payload: picked.payload },
        t.as.moderator,
      )
    ).json();
    expect(drafted.cover).toMatch(/^library\//);
    expect((await publicRead('banca-nova')).json().cover).toBeNull();
    const refused = await call({ method: 'DELETE', url: `/api/uploads/${drafted.cover}` }, t.as.moderator);
    expect(refused.statusCode).toBe(409);
    expect((await call({ method: 'DELETE', url: `/api/album/${id}/changes` }, t.as.moderator)).json()).toMatchObject({
      cover: null,
      pendingChanges: false,
    });
    // Nothing left to publish.
    const again = await call({ method: 'POST', url: `/api/album/${id}/publish-changes` }, t.as.moderator);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'no_pending_changes' });
  });

  it('drops a published store’s changes on discard, and edits an unpublished store directly', async () => {
    const { id, slug } = await createShop('Banca Indecisa');
    await fillSlot(id, 0, { actionUrl: 'https://example.com/zero', description: 'Zero' });
    // Unpublished: every edit is direct, there is never anything pending.
    const direct = await call(
      {
        method: 'PUT',
        url: `/api/album_edit/${id}`,
        payload: { name: 'Banca Decidida', country: 'br', category: categoryId },
      },
      t.as.moderator,
    );
    expect(direct.json().slug).toBe('banca-decidida');
    expect((await call({ method: 'GET', url: `/api/albumInfo/${id}` }, t.as.moderator)).json()).toMatchObject({
      name: 'Banca Decidida',
      pendingChanges: false,
    });
    expect((await call({ method: 'DELETE', url: `/api/album/${id}/changes` }, t.as.moderator)).json()).toEqual({
      message: 'no_pending_changes',
    });
    expect((await publish(id)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/shop/banca-decidida' })).json()).toMatchObject({
      name: 'Banca Decidida',
    });
    expect((await t.app.inject({ method: 'GET', url: `/api/shop/${slug}` })).statusCode).toBe(301);

    const live = (await t.app.inject({ method: 'GET', url: '/api/shop/banca-decidida' })).json();
    await fillSlot(id, 0);
    const draft = (await call({ method: 'GET', url: `/api/albumInfo/${id}` }, t.as.moderator)).json();
    expect(draft.pendingChanges).toBe(true);
    const discarded = await call(
      { method: 'DELETE', url: `/api/album/${id}/changes`, headers: { 'if-match': `"r${draft.revision}"` } },
      t.as.moderator,
    );
    expect(discarded.statusCode, discarded.body).toBe(200);
    expect(discarded.json()).toMatchObject({
      pendingChanges: false,
      content: live.content.map((item: object) => expect.objectContaining(item)),
    });
    // The dropped draft's picture stays stored while the history shows it (a restore brings it back).
    expect((await t.app.inject({ method: 'GET', url: `/uploads/${draft.content[0].url}` })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/uploads/${live.content[0].url}` })).statusCode).toBe(200);

    // Hiding a store with pending changes makes them its content (nobody sees it meanwhile).
    await call(
      {
        method: 'PUT',
        url: `/api/album_edit/${id}`,
        payload: { name: 'Banca Guardada', country: 'br', category: categoryId },
      },
      t.as.moderator,
    );
    await publish(id, false);
    expect((await call({ method: 'GET', url: `/api/albumInfo/${id}` }, t.as.moderator)).json()).toMatchObject({
      name: 'Banca Guardada',
      published: false,
      pendingChanges: false,
    });
  });

  it('keeps slots in a store’s history: a restore brings back a removed product and its link', async () => {
    const { id } = await createShop('Banca com Memória');
    await fillSlot(id, 3, { actionUrl: 'https://example.com/tres', description: 'Três' });
    const published = (await publish(id)).json().revision as number;
    const info = async () => (await call({ method: 'GET', url: `/api/albumInfo/${id}` }, t.as.moderator)).json();
    const kept = (await info()).content;
    expect(kept).toHaveLength(1);
    await call(
      {
        method: 'POST',
        url: '/api/save-affiliate-link',
        payload: { album_id: id, position: 3, actionUrl: 'https://example.com/outro', description: 'Outro' },
      },
      t.as.moderator,
    );
    const removed = (
      await call({ method: 'POST', url: '/api/delete-item', payload: { album_id: id, position: 3 } }, t.as.moderator)
    ).json();
    expect(await info()).toMatchObject({ content: [], pendingChanges: true });
    const restored = await call(
      {
        method: 'POST',
        url: `/api/album/${id}/revisions/${published}/restore`,
        headers: { 'if-match': `"r${removed.revision}"` },
      },
      t.as.moderator,
    );
    expect(restored.statusCode, restored.body).toBe(200);
    // Back as it is live: nothing is pending any more.
    expect(restored.json()).toMatchObject({ content: kept, pendingChanges: false });

    // On an unpublished store a restore to before a product was added empties its slot; the picture stays stored
    // (the history shows it), so restoring the later revision brings the product back with its picture.
    const other = await createShop('Banca Sem Produtos');
    const empty = (
      await call(
        {
          method: 'PUT',
          url: `/api/album_edit/${other.id}`,
          payload: { name: 'Banca Sem Produtos', country: 'pt', category: categoryId },
        },
        t.as.moderator,
      )
    ).json();
    await fillSlot(other.id, 5);
    const added = (await call({ method: 'GET', url: `/api/albumInfo/${other.id}` }, t.as.moderator)).json();
    const back = await call(
      {
        method: 'POST',
        url: `/api/album/${other.id}/revisions/${empty.revision}/restore`,
        headers: { 'if-match': `"r${added.revision}"` },
      },
      t.as.moderator,
    );
    expect(back.json()).toMatchObject({ content: [], pendingChanges: false });
    expect((await t.app.inject({ method: 'GET', url: `/uploads/${added.content[0].url}` })).statusCode).toBe(200);
    const again = await call(
      {
        method: 'POST',
        url: `/api/album/${other.id}/revisions/${added.revision}/restore`,
        headers: { 'if-match': `"r${back.json().revision}"` },
      },
      t.as.moderator,
    );
    expect(again.json()).toMatchObject({
      content: [expect.objectContaining({ position: 5, url: added.content[0].url })],
    });
  });

  it('serves a deleted slot’s picture again after "Publicar alterações" and a restore of a revision that had it', async () => {
    const { id } = await createShop('Banca Doze');
    await fillSlot(id, 0, { actionUrl: 'https://example.com/zero', description: 'Zero' });
    await fillSlot(id, 1, { actionUrl: 'https://example.com/um', description: 'Um' });
    const published = (await publish(id)).json().revision as number;
    const before = (await call({ method: 'GET', url: `/api/albumInfo/${id}` }, t.as.moderator)).json();
    const removed = (
      await call(
        {
          method: 'POST',
          url: '/api/delete-item',
          headers: { 'if-match': `"r${published}"` },
          payload: { album_id: id, position: 1 },
        },
        t.as.moderator,
      )
    ).json();
    const live = await publishChanges(id, removed.revision);
    expect(live.json().content).toHaveLength(1);
    const picture = before.content[1].url as string;
    expect((await t.app.inject({ method: 'GET', url: `/uploads/${picture}` })).statusCode).toBe(200);
    const restored = await call(
      {
        method: 'POST',
        url: `/api/album/${id}/revisions/${published}/restore`,
        headers: { 'if-match': `"r${live.json().revision}"` },
      },
      t.as.moderator,
    );
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json().content).toEqual(before.content);
    expect((await t.app.inject({ method: 'GET', url: `/uploads/${picture}` })).statusCode).toBe(200);
  });

  it('takes a cover description of 255 characters (the spec) and refuses 256 with a key under the field', async () => {
    const { id } = await createShop();
    const describe = (description: string) => {
      const body = multipartBody({ fields: { album_id: String(id), description } });
      return call(
        { method: 'POST', url: '/api/uploadAlbumCover', headers: body.headers, payload: body.payload },
        t.as.admin,
      );
    };
    expect((await describe('d'.repeat(255))).statusCode).toBe(200);
    const refused = await describe('d'.repeat(256));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ message: 'validation_failed', errors: { description: ['description_too_long'] } });
  });

  it('hides unpublished stores from the public and shows published ones with their slots by position', async () => {
    const { id, slug } = await createShop('Vitrine Escondida');
    await fillSlot(id, 7, { actionUrl: 'https://example.com/sete', description: 'Sete' });
    await fillSlot(id, 2, { actionUrl: 'https://example.com/dois', description: 'Dois' });
    await fillSlot(id, 4);
    expect((await t.app.inject({ method: 'GET', url: `/api/shop/${slug}` })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/stores' })).json().items.map((s: { slug: string }) => s.slug),
    ).not.toContain(slug);
    expect((await t.app.inject({ method: 'GET', url: '/api/ads' })).json().product?.url ?? '').not.toMatch(/sete|dois/);

    expect((await publish(id)).statusCode).toBe(200);
    const shop = await t.app.inject({ method: 'GET', url: `/api/shop/${slug}` });
    expect(shop.statusCode).toBe(200);
    expect(shop.json()).toMatchObject({ name: 'Vitrine Escondida', category: { id: categoryId } });
    expect(shop.json().content.map((i: { position: number }) => i.position)).toEqual([2, 4, 7]);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/stores' })).json().items.map((s: { slug: string }) => s.slug),
    ).toContain(slug);

    // Deleting empties the slot once the change is published; unpublishing hides it again.
    const deleted = await call(
      { method: 'POST', url: '/api/delete-item', payload: { album_id: id, position: 4 } },
      t.as.admin,
    );
    expect(deleted.statusCode).toBe(200);
    const positions = async () =>
      (await t.app.inject({ method: 'GET', url: `/api/shop/${slug}` }))
        .json()
        .content.map((i: { position: number }) => i.position);
    expect(await positions()).toEqual([2, 4, 7]);
    expect((await publishChanges(id, deleted.json().revision)).statusCode).toBe(200);
    expect(await positions()).toEqual([2, 7]);
    await publish(id, false);
    expect((await t.app.inject({ method: 'GET', url: `/api/shop/${slug}` })).statusCode).toBe(404);
  });

  it('draws ads from published linked slots of each kind', async () => {
    const course = (
      await call(
        { method: 'POST', url: '/api/courseStore/add', payload: { name: `Escola ${++counter}`, country: 'br' } },
        t.as.admin,
      )
    ).json();
    await fillSlot(course.id, 0, { actionUrl: 'https://example.com/curso', description: 'Curso de violão' });
    await publish(course.id);
    const ads = (await t.app.inject({ method: 'GET', url: '/api/ads' })).json();
    expect(ads.course).toMatchObject({ url: 'https://example.com/curso', description: 'Curso de violão' });
    expect(ads.course.image).toMatch(/^stores\//);
  });

  it('limits pages to 40 and refuses a bad page', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/stores?limit=41' })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/courses?page=0' })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/stores?limit=40&page=2' })).statusCode).toBe(200);
  });

  it('generates the description locally into an article, once', async () => {
    const { id } = await createShop('Cantinho do Chá');
    await fillSlot(id, 0, { actionUrl: 'https://example.com/bule', description: 'Bule de porcelana' });
    const res = await call({ method: 'POST', url: `/api/album/${id}/suggestStoreDescription` }, t.as.moderator);
    expect(res.statusCode, res.body).toBe(200);
    const { description, articleId } = res.json();
    expect(description).toContain('Cantinho do Chá');
    expect(description).toContain('Bule de porcelana');
    expect(description).toContain('Brasil');
    const info = (await call({ method: 'GET', url: `/api/albumInfo/${id}` }, t.as.moderator)).json();
    expect(info).toMatchObject({ articleId, isEmptyDescription: false });
    const article = await call({ method: 'GET', url: `/api/articles/${articleId}` }, t.as.moderator);
    expect(article.json().content).toContain('Bule de porcelana');
    expect(
      (await call({ method: 'POST', url: `/api/album/${id}/suggestStoreDescription` }, t.as.moderator)).statusCode,
    ).toBe(409);
    // The editor is told which store shows the article; deleting it gives the store its own description back.
    expect(article.json().linkedStores).toEqual(['Cantinho do Chá']);
    // The article list says whose description it is (and the store's other articles say nothing).
    const listed = (await call({ method: 'GET', url: '/api/editor_latest?q=Cantinho' }, t.as.moderator)).json()
      .articles;
    expect(listed.find((row: { id: number }) => row.id === articleId)).toMatchObject({
      descriptionOf: 'Cantinho do Chá',
      isPublished: false,
    });
    expect(
      (await call({ method: 'DELETE', url: `/api/editor/articles/${articleId}` }, t.as.moderator)).statusCode,
    ).toBe(204);
    expect((await call({ method: 'GET', url: `/api/articles/${articleId}` }, t.as.moderator)).statusCode).toBe(404);
    expect((await call({ method: 'GET', url: `/api/albumInfo/${id}` }, t.as.moderator)).json()).toMatchObject({
      articleId: null,
      description,
    });
  });

  it('answers 404 for a store that does not exist', async () => {
    expect((await call({ method: 'GET', url: '/api/album/999999' }, t.as.admin)).json().message).toBe(
      'store_not_found',
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/shop/nao-existe' })).statusCode).toBe(404);
  });
});
