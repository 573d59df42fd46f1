import { profilePictureField } from '@papo/contract/profile';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { describeEachDialect } from '../../test/db.js';
import { multipartBody, type MultipartFile } from '../../test/multipart.js';
import { buildUser, personas, type TestUser } from '../../test/users.js';
import { sweepUploads } from './sweep.js';

/*
 * No file left behind: every upload route checks its fields and its record before it stores anything, and
 * replacing or deleting a picture removes the old file and its variants.
 */

const png = (hue: string) =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: hue } })
    .png()
    .toBuffer();
const missingId = '987654';

describeEachDialect('the uploads lifecycle', (dialect) => {
  let t: TestApp;
  let staff: TestUser;
  let member: TestUser;
  let image: Buffer;
  let albumId: number;
  let articleId: number;
  let bioId: number;

  beforeAll(async () => {
    t = await buildTestApp({ dialect });
    staff = await buildUser(t.app, { roles: personas.admin });
    member = await buildUser(t.app);
    image = await png('#4a8');
    const category = (await t.app.inject({ url: '/api/album-categories', headers: staff.headers })).json()[0].id;
    albumId = (
      await t.app.inject({
        method: 'POST',
        url: '/api/album/add',
        headers: staff.headers,
        payload: { name: 'Loja Limpa', country: 'br', category },
      })
    ).json().id;
    articleId = (
      await t.app.inject({
        method: 'POST',
        url: '/api/editor/articles',
        headers: staff.headers,
        payload: { title: 'Com capa' },
      })
    ).json().id;
    const bio = await t.app.inject({
      method: 'POST',
      url: '/api/bio',
      headers: staff.headers,
      payload: { kind: 'event', tag: 'Foto', tags: [], layout: 'layout-2', photoPath: null, paragraphs: ['x'] },
    });
    bioId = bio.json().id;
    expect([albumId, articleId, bioId].every(Number.isInteger), bio.body).toBe(true);
  });
  afterAll(() => t.close());

  const stored = async () => {
    const keys: string[] = [];
    for await (const object of t.app.uploads.list('')) keys.push(object.key);
    return keys.sort();
  };
  const post = (url: string, fields: Record<string, string>, file?: MultipartFile, as: TestUser = staff) => {
    const body = multipartBody({ fields, files: file ? [file] : [] });
    return t.app.inject({ method: 'POST', url, headers: { ...as.headers, ...body.headers }, payload: body.payload });
  };
  const picture = (field: string, data = image): MultipartFile => ({
    field,
    filename: 'foto.png',
    type: 'image/png',
    data,
  });
  const garbage = (field: string): MultipartFile => ({
    field,
    filename: 'foto.png',
    type: 'image/png',
    data: Buffer.from('not an image at all'),
  });

  it.each([
    [
      'a slot picture without an album',
      () => post('/api/upload-album-picture', { position: '0' }, picture('album_picture')),
      400,
    ],
    [
      'a slot picture for an unknown album',
      () => post('/api/upload-album-picture', { album_id: missingId, position: '0' }, picture('album_picture')),
      404,
    ],
    [
      'a slot picture at a position past the last slot',
      () => post('/api/upload-album-picture', { album_id: String(albumId), position: '12' }, picture('album_picture')),
      400,
    ],
    [
      'a slot picture that is no image',
      () => post('/api/upload-album-picture', { album_id: String(albumId), position: '0' }, garbage('album_picture')),
      400,
    ],
    [
      'an album cover for an unknown album',
      () => post('/api/uploadAlbumCover', { album_id: missingId }, picture('file')),
      404,
    ],
    [
      'an album cover for an id that is no id',
      () => post('/api/uploadAlbumCover', { album_id: 'abc' }, picture('file')),
      400,
    ],
    [
      'an article cover for an unknown article',
      () => post('/api/uploadArticleCover', { article_id: missingId }, picture('file')),
      404,
    ],
    [
      'an article cover that is no image',
      () => post('/api/uploadArticleCover', { article_id: String(articleId) }, garbage('file')),
      400,
    ],
    [
      'a bio photo for an unknown entry',
      () => post('/api/uploadBioCover', { bio_id: missingId }, picture('file')),
      404,
    ],
    ['a library image that is no image', () => post('/api/uploadImage', {}, garbage('files[]')), 400],
    [
      'a profile picture that is no image',
      () => post('/api/upload-profile-picture', {}, garbage(profilePictureField), member),
      400,
    ],
  ])('stores nothing for %s', async (_what, send, status) => {
    const before = await stored();
    const res = await send();
    expect(res.statusCode, res.body).toBe(status);
    expect(await stored()).toEqual(before);
  });

  it('keeps a replaced or deleted slot picture while a kept revision shows it; the sweep too', async () => {
    const first = await post(
      '/api/upload-album-picture',
      { album_id: String(albumId), position: '3' },
      picture('album_picture'),
    );
    expect(first.statusCode, first.body).toBe(200);
    const old = first.json();
    expect((await t.app.inject({ url: `/uploads/sized/400/${old.imageUrl}.webp` })).statusCode).toBe(200);
    expect(await stored()).toEqual(
      expect.arrayContaining([old.imageUrl, old.thumbnail, `sized/400/${old.imageUrl}.webp`]),
    );
    const second = (
      await post(
        '/api/upload-album-picture',
        { album_id: String(albumId), position: '3' },
        picture('album_picture', await png('#a48')),
      )
    ).json();
    expect(await stored()).toEqual(
      expect.arrayContaining([old.imageUrl, old.thumbnail, second.imageUrl, second.thumbnail]),
    );
    const deleted = await t.app.inject({
      method: 'POST',
      url: '/api/delete-item',
      headers: staff.headers,
      payload: { album_id: albumId, position: 3 },
    });
    expect(deleted.statusCode).toBe(200);
    expect((await t.app.inject({ url: `/uploads/${second.imageUrl}` })).statusCode).toBe(200);
    // The hourly sweep counts what revisions show: nothing of theirs goes.
    await sweepUploads({ db: t.app.db, storage: t.app.uploads, minAgeMs: 0 });
    expect(await stored()).toEqual(
      expect.arrayContaining([old.imageUrl, old.thumbnail, second.imageUrl, second.thumbnail]),
    );
    // Once no revision shows them (the store's history dropped), they are released like any unused picture.
    await t.app.db.deleteFrom('record_revisions').where('kind', '=', 'store').where('ref_id', '=', albumId).execute();
    await sweepUploads({ db: t.app.db, storage: t.app.uploads, minAgeMs: 0 });
    expect(await stored()).not.toContain(second.imageUrl);
    expect(await stored()).not.toContain(old.imageUrl);
  });

  it('removes the replaced profile picture', async () => {
    const first = (await post('/api/upload-profile-picture', {}, picture(profilePictureField), member))
      .json()
      .imageUrl.replace('/uploads/', '');
    const second = (
      await post('/api/upload-profile-picture', {}, picture(profilePictureField, await png('#357')), member)
    )
      .json()
      .imageUrl.replace('/uploads/', '');
    const keys = await stored();
    expect(keys).toContain(second);
    expect(keys).not.toContain(first);
  });

  it('keeps a replaced bio photo while a kept revision shows it', async () => {
    const first = (await post('/api/uploadBioCover', { bio_id: String(bioId) }, picture('file'))).json()
      .photoPath as string;
    const second = (
      await post('/api/uploadBioCover', { bio_id: String(bioId) }, picture('file', await png('#753')))
    ).json().photoPath as string;
    const keys = await stored();
    expect(keys).toEqual(expect.arrayContaining([first, second]));
  });

  it('keeps a replaced album or article cover in the library, and adds only the new one', async () => {
    for (const [url, fields] of [
      ['/api/uploadAlbumCover', { album_id: String(albumId) }],
      ['/api/uploadArticleCover', { article_id: String(articleId) }],
    ] as const) {
      const before = await stored();
      const first = await post(url, fields, picture('file'));
      expect(first.statusCode, first.body).toBe(200);
      const second = await post(url, fields, picture('file', await png('#159')));
      expect(second.statusCode, second.body).toBe(200);
      const added = (await stored()).filter((key) => !before.includes(key));
      // Two covers, each with its list variant, all in the library.
      expect(added).toHaveLength(4);
      const library = (await t.app.inject({ url: '/api/uploads', headers: staff.headers }))
        .json()
        .files.map((file: { name: string }) => file.name);
      for (const key of added.filter((k) => k.startsWith('library/'))) expect(library).toContain(key);
    }
  });

  it('reports each file of a batch past the limit by name instead of failing the whole batch', async () => {
    const files = Array.from({ length: 25 }, (_, n) => ({ ...picture('files[]'), filename: `f${n}.png` }));
    const body = multipartBody({ files });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/uploadImage',
      headers: { ...staff.headers, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().files).toHaveLength(20);
    expect(res.json().refused).toEqual(
      files.slice(20).map((file) => ({ file: file.filename, message: 'too_many_files' })),
    );
  });

  it('refuses a body of more files than it reads one by one with 413 too_many_files, storing nothing', async () => {
    const before = await stored();
    const files = Array.from({ length: 222 }, (_, n) => ({
      field: 'files[]',
      filename: `x${n}.png`,
      type: 'image/png',
      data: Buffer.from('tiny'),
    }));
    const body = multipartBody({ files });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/uploadImage',
      headers: { ...staff.headers, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'too_many_files' });
    expect(await stored()).toEqual(before);
  });
});
