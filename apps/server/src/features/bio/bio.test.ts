import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BioSearchHit } from '@papo/contract/bio';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { describeEachDialect } from '../../test/db.js';
import { buildUser, type TestUser } from '../../test/users.js';
import { seedBio } from './seed/seed.js';

const entry = (over: Record<string, unknown> = {}) => ({
  kind: 'event',
  tag: 'Banda Nova',
  tags: ['Olinda'],
  layout: 'layout-2',
  photoPath: null,
  paragraphs: ['Uma banda de teste.'],
  ...over,
});

function multipart(fields: Record<string, string>, file?: Buffer) {
  const boundary = '----papo-bio-test';
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  if (file)
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      file,
      Buffer.from('\r\n'),
    );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** The highlighted words of a hit, as the client shows them. */
const marked = (hit: BioSearchHit) => hit.marks.map(([from, to]) => hit.excerpt.slice(from, to));

describeEachDialect('bio', (dialect) => {
  let t: TestApp;
  let staff: TestUser;
  let member: TestUser;
  beforeAll(async () => {
    t = await buildTestApp({ dialect });
    await seedBio({ db: t.app.db, dialect, uploads: t.app.uploads });
    staff = await buildUser(t.app, { username: 'editora', roles: ['ROLE_MODERATOR'] });
    member = await buildUser(t.app, { username: 'leitor' });
  });
  afterAll(() => t?.close());

  const page = async (query: string) => {
    const response = await t.app.inject({ url: `/api/pages/bio${query}` });
    return { status: response.statusCode, body: response.json() };
  };
  const years = (body: { sections: { tag: string }[] }) => body.sections.map((s) => s.tag);

  it('shows a year and up to three following: 1974–1977 first, fewer at the end (2023–2025)', async () => {
    expect(years((await page('')).body)).toEqual(['1974', '1975', '1976', '1977']);
    expect(years((await page('?center=1974')).body)).toEqual(['1974', '1975', '1976', '1977']);
    expect(years((await page('?center=1980')).body)).toEqual(['1980', '1981', '1982', '1983']);
    expect(years((await page('?center=2022')).body)).toEqual(['2022', '2023', '2024', '2025']);
    expect(years((await page('?center=2023')).body)).toEqual(['2023', '2024', '2025']);
    expect(years((await page('?center=2025')).body)).toEqual(['2025']);
    const section = (await page('?center=1974')).body.sections[0];
    expect(section).toMatchObject({
      kind: 'year',
      tags: ['Olinda', 'Dona Cida'],
      layout: expect.stringMatching(/^layout-[123]$/),
    });
    expect(section.paragraphs[0]).toContain('Dona Cida');
  });

  it('refuses years outside 1974–2025 with a key', async () => {
    for (const center of ['1973', '2026', 'abc', '1980.5']) {
      const { status, body } = await page(`?center=${center}`);
      expect(status, center).toBe(400);
      expect(body.errors.center).toEqual(['bio_year_out_of_range']);
    }
  });

  it('finds the first year holding a tag, accents and case aside; 404 with a key when none has it', async () => {
    const { body } = await page(`?tag=${encodeURIComponent('mare alta')}`);
    expect(body.center).toBe(1989);
    expect(years(body)[0]).toBe('1989');
    expect((await page('?tag=Ninguem')).body).toEqual({ message: 'bio_tag_not_found' });
  });

  it('searches accent-insensitively and marks the matching words in the excerpt', async () => {
    const response = await t.app.inject({ url: `/api/searchBioInput?q=${encodeURIComponent('mare')}` });
    expect(response.statusCode).toBe(200);
    const hits: BioSearchHit[] = response.json().sections;
    expect(hits.map((h) => h.tag)).toContain('Maré Alta');
    expect(hits[0]!.tag).toBe('Maré Alta');
    for (const hit of hits) expect(marked(hit).every((word) => /^mar[eé]/i.test(word))).toBe(true);
    expect(hits.every((hit) => hit.marks.length + hit.tagMarks.length > 0)).toBe(true);
    const year = hits.find((h) => h.tag === '1989')!;
    expect(marked(year)).toEqual(['Maré']);
    const prefix: BioSearchHit[] = (
      await t.app.inject({ url: `/api/searchBioInput?q=${encodeURIComponent('CIRANDA VI')}` })
    ).json().sections;
    expect(prefix[0]!.tag).toBe('Ciranda Viva');
    const title = prefix[0]!;
    expect(title.tagMarks.map(([from, to]) => title.tag.slice(from, to))).toEqual(['Ciranda', 'Viva']);
    expect(marked(hits.find((h) => h.tag === 'Maré Alta')!)).toEqual(['maré']);
    expect(hits.find((h) => h.tag === 'Maré Alta')!.tagMarks).toEqual([[0, 4]]);
    expect((await t.app.inject({ url: '/api/searchBioInput?q=xyzzy' })).json()).toEqual({ sections: [] });
    expect((await t.app.inject({ url: '/api/searchBioInput?q=%20' })).json().errors.q).toEqual([
      'search_query_required',
    ]);
  });

  it('answers a tag’s card first and its related entries after; people are blog search results too', async () => {
    const { sections } = (await t.app.inject({ url: `/api/searchBio?name=${encodeURIComponent('zeca lima')}` })).json();
    expect(sections.map((s: { tag: string }) => s.tag)).toEqual(['Zeca Lima', 'Maré Alta', 'Sal da Terra']);
    expect((await t.app.inject({ url: '/api/searchBio?name=Ninguem' })).json()).toEqual({ sections: [] });
    const blog = (await t.app.inject({ url: '/api/search?q=violonista' })).json();
    expect(blog.results[0]).toMatchObject({ type: 'person', title: 'Zeca Lima', id: sections[0].id });
    const person = (await t.app.inject({ url: `/api/person/${sections[0].id}` })).json();
    expect(person.sections[0].tag).toBe('Zeca Lima');
  });

  it('creates, updates and deletes entries for staff, keeping the search in step', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/bio',
      headers: staff.headers,
      payload: entry({ paragraphs: ['Tocavam xaxado elétrico.'] }),
    });
    expect(created.statusCode).toBe(201);
    const { id } = created.json();
    const search = async (q: string) =>
      (await t.app.inject({ url: `/api/searchBioInput?q=${q}` })).json().sections.map((s: { id: number }) => s.id);
    expect(await search('xaxado')).toEqual([id]);
    const updated = await t.app.inject({
      method: 'PUT',
      url: `/api/bio/${id}`,
      headers: staff.headers,
      payload: entry({ tag: 'Banda Velha', paragraphs: ['Tocavam baião.'] }),
    });
    expect(updated.json()).toMatchObject({ id });
    expect(await search('xaxado')).toEqual([]);
    expect(await search('baiao')).toEqual([id]);
    const events = (await t.app.inject({ url: '/api/bio?filter=events', headers: staff.headers })).json();
    expect(events.some((e: { tag: string }) => e.tag === 'Banda Velha')).toBe(true);
    const yearsList = (await t.app.inject({ url: '/api/bio?filter=years', headers: staff.headers })).json();
    expect(yearsList).toHaveLength(52);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/bio/${id}`, headers: staff.headers })).statusCode).toBe(
      204,
    );
    expect(await search('baiao')).toEqual([]);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/bio/${id}`, headers: staff.headers })).json()).toEqual({
      message: 'bio_not_found',
    });
  });

  it('keeps a revision of every save and refuses a stale If-Match with 412, writing nothing (entry and photo)', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/bio',
      headers: staff.headers,
      payload: entry({ tag: 'Dois Editores' }),
    });
    const { id, revision } = created.json();
    expect(created.headers.etag).toBe(`"r${revision}"`);
    const listed = (await t.app.inject({ url: '/api/bio?filter=events', headers: staff.headers }))
      .json()
      .find((e: { id: number }) => e.id === id);
    expect(listed).toMatchObject({ revision, revisionAuthor: 'Name of editora', revisionAt: expect.any(String) });
    const tagRead = `"r${revision}"`;
    // Tab A saves with the version it read; tab B, still holding it, is refused and A's text stays.
    const a = await t.app.inject({
      method: 'PUT',
      url: `/api/bio/${id}`,
      headers: { ...staff.headers, 'if-match': tagRead },
      payload: entry({ tag: 'Dois Editores', paragraphs: ['De A.'] }),
    });
    expect(a.statusCode, a.body).toBe(200);
    expect(a.json().revision).toBeGreaterThan(revision);
    expect(a.headers.etag).toBe(`"r${a.json().revision}"`);
    const b = await t.app.inject({
      method: 'PUT',
      url: `/api/bio/${id}`,
      headers: { ...staff.headers, 'if-match': tagRead },
      payload: entry({ tag: 'Dois Editores', paragraphs: ['De B.'] }),
    });
    expect(b.statusCode).toBe(412);
    expect(b.json()).toEqual({ message: 'edit_conflict' });
    const photo = multipart({ bio_id: String(id), description: 'Legenda de B' });
    const stalePhoto = await t.app.inject({
      method: 'POST',
      url: '/api/uploadBioCover',
      headers: { ...staff.headers, ...photo.headers, 'if-match': tagRead },
      payload: photo.payload,
    });
    expect(stalePhoto.statusCode).toBe(412);
    const now = (await t.app.inject({ url: `/api/bio/${id}`, headers: staff.headers })).json();
    expect(now).toMatchObject({ description: '', revision: a.json().revision });
    expect((await t.app.inject({ url: `/api/person/${id}` })).json().sections[0].paragraphs).toEqual(['De A.']);
    // Saved again on top of A's version, B's photo text goes through; a save that changes nothing keeps the version.
    const fresh = await t.app.inject({
      method: 'POST',
      url: '/api/uploadBioCover',
      headers: { ...staff.headers, ...photo.headers, 'if-match': `"r${now.revision}"` },
      payload: photo.payload,
    });
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(fresh.json().revision).toBeGreaterThan(now.revision);
    const same = await t.app.inject({
      method: 'POST',
      url: '/api/uploadBioCover',
      headers: { ...staff.headers, ...photo.headers },
      payload: photo.payload,
    });
    expect(same.json().revision).toBe(fresh.json().revision);
    // A delete from a tab that has not seen the newest save is refused too; from one that has, it goes through and
    // forgets the entry's revisions.
    const staleDelete = await t.app.inject({
      method: 'DELETE',
      url: `/api/bio/${id}`,
      headers: { ...staff.headers, 'if-match': `"r${now.revision}"` },
    });
    expect(staleDelete.statusCode).toBe(412);
    expect(staleDelete.json()).toEqual({ message: 'edit_conflict' });
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/bio/${id}`,
      headers: { ...staff.headers, 'if-match': `"r${fresh.json().revision}"` },
    });
    expect(deleted.statusCode).toBe(204);
    expect(
      await t.app.db
        .selectFrom('record_revisions')
        .select('id')
        .where('kind', '=', 'bio')
        .where('ref_id', '=', id)
        .execute(),
    ).toEqual([]);
  });

  it('lists an entry’s saves with who and when, and restores one as a new revision (stale If-Match: 412)', async () => {
    const created = (
      await t.app.inject({
        method: 'POST',
        url: '/api/bio',
        headers: staff.headers,
        payload: entry({ tag: 'Banda Antiga', paragraphs: ['Primeiro texto.'] }),
      })
    ).json();
    const second = await t.app.inject({
      method: 'PUT',
      url: `/api/bio/${created.id}`,
      headers: { ...staff.headers, 'if-match': `"r${created.revision}"` },
      payload: entry({ tag: 'Banda Antiga', paragraphs: ['Segundo texto.'] }),
    });
    const colleague = await buildUser(t.app, { username: 'colega', roles: ['ROLE_ADMIN'] });
    const third = await t.app.inject({
      method: 'PUT',
      url: `/api/bio/${created.id}`,
      headers: { ...colleague.headers, 'if-match': `"r${second.json().revision}"` },
      payload: entry({ tag: 'Banda Renomeada', paragraphs: ['Terceiro texto.'] }),
    });
    const history = await t.app.inject({ url: `/api/bio/${created.id}/revisions`, headers: staff.headers });
    expect(history.statusCode).toBe(200);
    expect(history.headers['cache-control']).toBe('no-store');
    const rows = history.json().revisions;
    expect(rows.map((row: { id: number }) => row.id)).toEqual([
      third.json().revision,
      second.json().revision,
      created.revision,
    ]);
    expect(rows[0]).toMatchObject({
      authorName: 'Name of colega',
      title: 'Banda Renomeada',
      isHead: true,
      createdAt: expect.any(String),
    });
    expect(rows[2]).toMatchObject({
      authorName: 'Name of editora',
      title: 'Banda Antiga',
      isHead: false,
      changes: null,
    });
    // Each row says which fields its save changed; "Ver" reads a kept version whole.
    expect(rows[1].changes).toEqual({ fields: ['paragraphs'], slotsAdded: [], slotsRemoved: [], slotsChanged: [] });
    expect(rows[0].changes.fields).toEqual(['tag', 'paragraphs']);
    const kept = await t.app.inject({
      url: `/api/bio/${created.id}/revisions/${second.json().revision}`,
      headers: staff.headers,
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.headers['cache-control']).toBe('no-store');
    expect(kept.json()).toMatchObject({
      id: second.json().revision,
      authorName: 'Name of editora',
      createdAt: expect.any(String),
      tag: 'Banda Antiga',
      paragraphs: ['Segundo texto.'],
    });
    const noId = await t.app.inject({ url: `/api/bio/${created.id}/revisions/abc`, headers: staff.headers });
    expect([noId.statusCode, noId.json()]).toEqual([404, { message: 'revision_not_found' }]);
    expect(
      (await t.app.inject({ url: `/api/bio/${created.id}/revisions/999999`, headers: staff.headers })).json(),
    ).toEqual({ message: 'revision_not_found' });

    // A restore naming an old version of the entry is refused and changes nothing.
    const stale = await t.app.inject({
      method: 'POST',
      url: `/api/bio/${created.id}/revisions/${created.revision}/restore`,
      headers: { ...staff.headers, 'if-match': `"r${second.json().revision}"` },
    });
    expect(stale.statusCode).toBe(412);
    expect(stale.json()).toEqual({ message: 'edit_conflict' });
    expect((await t.app.inject({ url: `/api/person/${created.id}` })).json().sections[0].tag).toBe('Banda Renomeada');

    const restored = await t.app.inject({
      method: 'POST',
      url: `/api/bio/${created.id}/revisions/${created.revision}/restore`,
      headers: { ...staff.headers, 'if-match': `"r${third.json().revision}"` },
    });
    expect(restored.statusCode, restored.body).toBe(200);
    const entryNow = restored.json();
    expect(entryNow).toMatchObject({
      id: created.id,
      tag: 'Banda Antiga',
      paragraphs: ['Primeiro texto.'],
      revisionAuthor: 'Name of editora',
    });
    expect(entryNow.revision).toBeGreaterThan(third.json().revision);
    expect(restored.headers.etag).toBe(`"r${entryNow.revision}"`);
    // The public and the search read the restored text; the text it replaced stays in the history.
    expect((await t.app.inject({ url: `/api/person/${created.id}` })).json().sections[0].paragraphs).toEqual([
      'Primeiro texto.',
    ]);
    const after = (await t.app.inject({ url: `/api/bio/${created.id}/revisions`, headers: staff.headers })).json()
      .revisions;
    expect(after.map((row: { title: string }) => row.title)).toEqual([
      'Banda Antiga',
      'Banda Renomeada',
      'Banda Antiga',
      'Banda Antiga',
    ]);

    const unknown = await t.app.inject({
      method: 'POST',
      url: `/api/bio/${created.id}/revisions/999999/restore`,
      headers: staff.headers,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'revision_not_found' });
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/bio/${created.id}/revisions/abc/restore`,
          headers: staff.headers,
        })
      ).json(),
    ).toEqual({ message: 'revision_not_found' });
    // Another entry's revision is not this entry's.
    const other = (
      await t.app.inject({
        method: 'POST',
        url: '/api/bio',
        headers: staff.headers,
        payload: entry({ tag: 'Outra Banda' }),
      })
    ).json();
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/bio/${created.id}/revisions/${other.revision}/restore`,
          headers: staff.headers,
        })
      ).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ url: '/api/bio/999999/revisions', headers: staff.headers })).json()).toEqual({
      message: 'bio_not_found',
    });
  });

  it('restores an entry without bringing back a photo whose file is gone', async () => {
    const created = (
      await t.app.inject({
        method: 'POST',
        url: '/api/bio',
        headers: staff.headers,
        payload: entry({ tag: 'Foto Trocada' }),
      })
    ).json();
    const upload = async (background: string) => {
      const file = await sharp({ create: { width: 40, height: 40, channels: 3, background } })
        .png()
        .toBuffer();
      const form = multipart({ bio_id: String(created.id), description: 'Retrato' }, file);
      return (
        await t.app.inject({
          method: 'POST',
          url: '/api/uploadBioCover',
          headers: { ...staff.headers, ...form.headers },
          payload: form.payload,
        })
      ).json();
    };
    const first = await upload('#246');
    const second = await upload('#642');
    // The first photo's file is gone (a storage lost it, or an operator removed it); restoring its revision keeps
    // the photo of today.
    await t.app.uploads.delete(first.photoPath);
    expect(await t.app.uploads.head(first.photoPath)).toBeNull();
    const restored = await t.app.inject({
      method: 'POST',
      url: `/api/bio/${created.id}/revisions/${first.revision}/restore`,
      headers: { ...staff.headers, 'if-match': `"r${second.revision}"` },
    });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json().photoPath).toBe(second.photoPath);
  });

  it('validates entries with a key per field', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ tag: ' ' }, 'tag', 'bio_tag_required'],
      [{ tag: 'x'.repeat(81) }, 'tag', 'bio_tag_too_long'],
      [{ kind: 'year', tag: '1973' }, 'tag', 'bio_year_out_of_range'],
      [{ kind: 'year', tag: 'Olinda' }, 'tag', 'bio_year_out_of_range'],
      [{ kind: 'other' }, 'kind', 'bio_kind_unknown'],
      [{ layout: 'layout-9' }, 'layout', 'bio_layout_unknown'],
      [{ paragraphs: [] }, 'paragraphs', 'bio_paragraphs_required'],
      [{ paragraphs: Array.from({ length: 51 }, () => 'p') }, 'paragraphs', 'bio_too_many_paragraphs'],
      [{ paragraphs: ['x'.repeat(5001)] }, 'paragraphs.0', 'bio_paragraph_too_long'],
      [{ paragraphs: ['  '] }, 'paragraphs.0', 'bio_paragraph_required'],
      [{ photoPath: '../../etc/passwd' }, 'photoPath', 'bio_photo_invalid'],
      [{ description: 'd'.repeat(256) }, 'description', 'description_too_long'],
      [{ tag: 'Nul\u0000' }, 'tag', 'invalid_characters'],
      [{ paragraphs: ['linha\u0000'] }, 'paragraphs.0', 'invalid_characters'],
    ];
    for (const [over, field, key] of cases) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/bio',
        headers: staff.headers,
        payload: entry(over),
      });
      expect(response.statusCode, JSON.stringify(over).slice(0, 80)).toBe(400);
      expect(response.json().errors[field], field).toEqual([key]);
    }
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/bio',
          headers: staff.headers,
          payload: entry({ paragraphs: ['x'.repeat(5000)] }),
        })
      ).statusCode,
    ).toBe(201);
  });

  it('keeps tags unique per kind, accents and case aside: 409 bio_tag_taken', async () => {
    const taken = await t.app.inject({
      method: 'POST',
      url: '/api/bio',
      headers: staff.headers,
      payload: entry({ tag: 'mare ALTA' }),
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ message: 'bio_tag_taken', errors: { tag: ['bio_tag_taken'] } });
    const year = await t.app.inject({
      method: 'POST',
      url: '/api/bio',
      headers: staff.headers,
      payload: entry({ kind: 'year', tag: '1980' }),
    });
    expect(year.statusCode).toBe(409);
    const sameTagOtherKind = await t.app.inject({
      method: 'POST',
      url: '/api/bio',
      headers: staff.headers,
      payload: entry({ tag: '1981' }),
    });
    expect(sameTagOtherKind.statusCode).toBe(201);
  });

  it('stores a cover photo through the upload module, and keeps the photo when only the description changes', async () => {
    const { id } = (
      await t.app.inject({
        method: 'POST',
        url: '/api/bio',
        headers: staff.headers,
        payload: entry({ tag: 'Com Foto' }),
      })
    ).json();
    const png = await sharp({ create: { width: 2400, height: 1800, channels: 3, background: '#884422' } })
      .png()
      .toBuffer();
    const upload = multipart({ bio_id: String(id), description: 'Retrato' }, png);
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/uploadBioCover',
      headers: { ...staff.headers, ...upload.headers },
      payload: upload.payload,
    });
    expect(saved.statusCode).toBe(200);
    const { photoPath } = saved.json();
    expect(photoPath).toMatch(/^bio\/[a-f0-9]{32}\.png$/);
    const served = await t.app.inject({ url: `/uploads/${photoPath}` });
    expect(served.statusCode).toBe(200);
    // Shrunk into twice the 600×600 hint, its list variant beside it, as every back-office upload.
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'png', width: 1200, height: 900 });
    const variant = `thumbs/${photoPath.slice(4, -4)}.webp`;
    expect((await t.app.inject({ url: `/uploads/${variant}` })).statusCode).toBe(200);
    const textOnly = multipart({ bio_id: String(id), description: 'Outra legenda' });
    await t.app.inject({
      method: 'POST',
      url: '/api/uploadBioCover',
      headers: { ...staff.headers, ...textOnly.headers },
      payload: textOnly.payload,
    });
    expect((await t.app.inject({ url: `/api/bio/${id}`, headers: staff.headers })).json()).toMatchObject({
      id,
      tag: 'Com Foto',
      photoPath,
      description: 'Outra legenda',
    });

    const replaced = await t.app.inject({
      method: 'POST',
      url: '/api/uploadBioCover',
      headers: { ...staff.headers, ...upload.headers },
      payload: upload.payload,
    });
    expect(replaced.json().photoPath).not.toBe(photoPath);
    // The replaced photo stays while the entry's history shows it (a restore brings it back).
    expect((await t.app.inject({ url: `/uploads/${photoPath}` })).statusCode).toBe(200);
    expect((await t.app.inject({ url: `/uploads/${variant}` })).statusCode).toBe(200);

    const garbage = multipart({ bio_id: String(id), description: '' }, Buffer.from('not an image'));
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/uploadBioCover',
      headers: { ...staff.headers, ...garbage.headers },
      payload: garbage.payload,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ message: 'invalid_image', errors: { file: ['invalid_image'] } });
    const gif = multipart(
      { bio_id: String(id), description: '' },
      await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
        .gif()
        .toBuffer(),
    );
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/uploadBioCover',
          headers: { ...staff.headers, ...gif.headers },
          payload: gif.payload,
        })
      ).json().message,
    ).toBe('image_type_refused');
    const missing = multipart({ bio_id: '999999', description: '' });
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/uploadBioCover',
          headers: { ...staff.headers, ...missing.headers },
          payload: missing.payload,
        })
      ).json().message,
    ).toBe('bio_not_found');
    const notMultipart = await t.app.inject({
      method: 'POST',
      url: '/api/uploadBioCover',
      headers: staff.headers,
      payload: { bio_id: id },
    });
    expect(notMultipart.statusCode).toBe(400);
    expect(notMultipart.json().message).toBe('invalid_multipart');
  });

  it('never removes a photo another entry or the image library still uses', async () => {
    const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#225588' } })
      .png()
      .toBuffer();
    const { id: first } = (
      await t.app.inject({
        method: 'POST',
        url: '/api/bio',
        headers: staff.headers,
        payload: entry({ tag: 'Primeira Foto' }),
      })
    ).json();
    const upload = multipart({ bio_id: String(first), description: '' }, png);
    const { photoPath } = (
      await t.app.inject({
        method: 'POST',
        url: '/api/uploadBioCover',
        headers: { ...staff.headers, ...upload.headers },
        payload: upload.payload,
      })
    ).json();
    // A second entry shows the same photo, typed into its photo path in the editor.
    const { id: second } = (
      await t.app.inject({
        method: 'POST',
        url: '/api/bio',
        headers: staff.headers,
        payload: entry({ tag: 'Segunda Foto', photoPath }),
      })
    ).json();
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/bio/${first}`, headers: staff.headers })).statusCode,
    ).toBe(204);
    expect((await t.app.inject({ url: `/uploads/${photoPath}` })).statusCode).toBe(200);

    const library = multipart({}, png);
    const libraryUpload = await t.app.inject({
      method: 'POST',
      url: '/api/uploadImage',
      headers: { ...staff.headers, 'content-type': library.headers['content-type'] },
      payload: Buffer.from(library.payload.toString('latin1').replace('name="file"', 'name="files[]"'), 'latin1'),
    });
    const libraryKey: string = libraryUpload.json().files[0].name;
    await t.app.inject({
      method: 'PUT',
      url: `/api/bio/${second}`,
      headers: staff.headers,
      payload: entry({ tag: 'Segunda Foto', photoPath: libraryKey }),
    });
    const replace = multipart({ bio_id: String(second), description: '' }, png);
    await t.app.inject({
      method: 'POST',
      url: '/api/uploadBioCover',
      headers: { ...staff.headers, ...replace.headers },
      payload: replace.payload,
    });
    expect((await t.app.inject({ url: `/uploads/${libraryKey}` })).statusCode).toBe(200);
  });

  it('answers every staff call 401 without a session and 403 to a member, changing nothing', async () => {
    const before = await t.app.db
      .selectFrom('bio_entries')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const upload = multipart({ bio_id: '1', description: 'x' });
    const calls = [
      { method: 'GET', url: '/api/bio?filter=years' },
      { method: 'GET', url: '/api/bio/1' },
      { method: 'POST', url: '/api/bio', payload: entry({ tag: 'Intrusa' }) },
      { method: 'PUT', url: '/api/bio/1', payload: entry({ tag: 'Intrusa' }) },
      { method: 'DELETE', url: '/api/bio/1' },
      { method: 'GET', url: '/api/bio/1/revisions' },
      { method: 'GET', url: '/api/bio/1/revisions/1' },
      { method: 'POST', url: '/api/bio/1/revisions/1/restore' },
      { method: 'POST', url: '/api/uploadBioCover', payload: upload.payload, headers: upload.headers },
      { method: 'GET', url: '/api/newsPicker?source=g1&query=chuva' },
      { method: 'PUT', url: '/api/homeNews', payload: { lang: 'pt', items: [] } },
    ] as const;
    for (const call of calls) {
      const extra = 'headers' in call ? call.headers : {};
      const anonymous = await t.app.inject({
        method: call.method,
        url: call.url,
        payload: 'payload' in call ? call.payload : undefined,
        headers: extra,
      });
      expect(anonymous.statusCode, `${call.method} ${call.url}`).toBe(401);
      const asMember = await t.app.inject({
        method: call.method,
        url: call.url,
        payload: 'payload' in call ? call.payload : undefined,
        headers: { ...extra, ...member.headers },
      });
      expect(asMember.statusCode, `${call.method} ${call.url}`).toBe(403);
      expect(asMember.json()).toEqual({ message: 'forbidden' });
    }
    const admin = await buildUser(t.app, { username: 'chefe', roles: ['ROLE_ADMIN'] });
    expect((await t.app.inject({ url: '/api/bio?filter=events', headers: admin.headers })).statusCode).toBe(200);
    expect(
      (await t.app.inject({ url: '/api/newsPicker?source=uol&query=musica', headers: staff.headers })).statusCode,
    ).toBe(200);
    const after = await t.app.db
      .selectFrom('bio_entries')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    expect((await t.app.inject({ url: '/api/bio/1', headers: staff.headers })).json().tag).toBe('Dona Cida');
  });
});

describe('bio demo content', () => {
  it('writes 52 years and 12 events with drawn photos, only into an empty table', async () => {
    const t = await buildTestApp();
    try {
      expect(await seedBio({ db: t.app.db, dialect: 'sqlite', uploads: t.app.uploads })).toBe(64);
      expect(await seedBio({ db: t.app.db, dialect: 'sqlite', uploads: t.app.uploads })).toBe(0);
      const photos = await t.app.db
        .selectFrom('bio_entries')
        .select('photo_path')
        .where('photo_path', 'is not', null)
        .execute();
      expect(photos.length).toBeGreaterThanOrEqual(20);
      const meta = await sharp(`${t.dataDir}/uploads/${photos[0]!.photo_path}`).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: 600 });
    } finally {
      await t.close();
    }
  });
});
