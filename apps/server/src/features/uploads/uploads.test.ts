import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { roles } from '@papo/contract/auth';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { describeEachDialect } from '../../test/db.js';
import { multipartBody, type MultipartFile } from '../../test/multipart.js';
import { buildUser, type TestUser } from '../../test/users.js';

const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#2a6' } });

/** A PNG whose header claims 50,000 × 50,000 pixels (2.5 gigapixels) over a few bytes of data. */
function hugeHeaderPng(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(50_000, 0);
  ihdr.writeUInt32BE(50_000, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0x00])),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const file = (filename: string, data: Buffer, type = 'image/png'): MultipartFile => ({
  field: 'files[]',
  filename,
  type,
  data,
});

describeEachDialect('image library uploads', (dialect) => {
  let t: TestApp;
  let staff: TestUser;
  let samples: { png: Buffer; jpeg: Buffer; gif: Buffer; webp: Buffer };

  beforeAll(async () => {
    t = await buildTestApp({ dialect });
    staff = await buildUser(t.app, { username: 'editora', roles: [roles.user, roles.moderator] });
    samples = {
      png: await picture(900, 600).png().toBuffer(),
      // A phone photo: EXIF with a camera and a place, and an orientation to apply.
      jpeg: await picture(1200, 800)
        .jpeg()
        .withMetadata({
          orientation: 6,
          exif: { IFD0: { Make: 'PapoCam', Model: 'Secret 1' }, IFD3: { GPSLatitudeRef: 'S' } },
        })
        .toBuffer(),
      gif: await picture(20, 20).gif().toBuffer(),
      webp: await picture(20, 20).webp().toBuffer(),
    };
  });
  afterAll(() => t.close());

  const upload = (files: MultipartFile[]) => {
    const body = multipartBody({ files });
    return t.app.inject({
      method: 'POST',
      url: '/api/uploadImage',
      headers: { ...staff.headers, ...body.headers },
      payload: body.payload,
    });
  };
  const stored = (key: string) => readFile(path.join(t.dataDir, 'uploads', key));

  it('keeps a real PNG and JPEG: decoded, upright, without metadata, with a WebP variant for lists', async () => {
    const res = await upload([file('praia.png', samples.png), file('foto do celular.jpg', samples.jpeg, 'image/jpeg')]);
    expect(res.statusCode, res.body).toBe(200);
    const { files, refused } = res.json();
    expect(refused).toEqual([]);
    expect(files).toHaveLength(2);
    const [png, jpeg] = files;
    expect(png).toMatchObject({ name: expect.stringMatching(/^library\/[a-f0-9]{32}\.png$/), width: 900, height: 600 });
    // Turned upright by its orientation, so the sides swap.
    expect(jpeg).toMatchObject({
      name: expect.stringMatching(/^library\/[a-f0-9]{32}\.jpg$/),
      width: 800,
      height: 1200,
    });
    const kept = await sharp(await stored(jpeg.name)).metadata();
    expect(kept.format).toBe('jpeg');
    expect(kept.exif).toBeUndefined();
    expect((await stored(jpeg.name)).includes(Buffer.from('PapoCam'))).toBe(false);
    const variant = await sharp(await stored(jpeg.thumbnail)).metadata();
    expect(variant).toMatchObject({ format: 'webp', width: 480 });
    const served = await t.app.inject({ method: 'GET', url: `/uploads/${png.name}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
  });

  it.each([
    [
      'a text file renamed .png',
      () => file('notas.png', Buffer.from('isto não é uma imagem\n'.repeat(50))),
      400,
      'invalid_image',
    ],
    [
      'an SVG',
      () =>
        file(
          'logo.png',
          Buffer.from(
            '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
          ),
          'image/svg+xml',
        ),
      400,
      'image_type_refused',
    ],
    [
      'a PNG/HTML polyglot',
      () =>
        file(
          'poly.png',
          Buffer.concat([samples.png, Buffer.from('<html><script>alert(document.cookie)</script></html>')]),
        ),
      400,
      'image_contains_markup',
    ],
    [
      'a 15 MB file',
      () => file('grande.png', Buffer.concat([samples.png, randomBytes(15 * 1024 * 1024)])),
      413,
      'image_too_large',
    ],
    ['a 50,000 × 50,000 image header', () => file('bomba.png', hugeHeaderPng()), 400, 'image_too_many_pixels'],
    [
      'a GIF (the library takes JPEG and PNG)',
      () => file('anim.gif', samples.gif, 'image/gif'),
      400,
      'image_type_refused',
    ],
    ['a WebP (covers only)', () => file('foto.webp', samples.webp, 'image/webp'), 400, 'image_type_refused'],
  ] as const)('refuses %s with a clear key', async (_what, make, status, key) => {
    const before = (await t.app.inject({ method: 'GET', url: '/api/uploads', headers: staff.headers })).json().files
      .length;
    const sent = make();
    const res = await upload([sent]);
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({ message: key, files: [], refused: [{ file: sent.filename, message: key }] });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/uploads', headers: staff.headers })).json().files.length,
    ).toBe(before);
  });

  it('keeps the good files of a batch and names the bad one', async () => {
    const res = await upload([
      file('um.png', samples.png),
      file('falso.jpg', Buffer.from('GIF89a nope'), 'image/jpeg'),
      file('dois.jpg', samples.jpeg, 'image/jpeg'),
    ]);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.files).toHaveLength(2);
    expect(body.refused).toEqual([{ file: 'falso.jpg', message: 'invalid_image' }]);
    for (const kept of body.files)
      expect((await t.app.inject({ method: 'GET', url: `/uploads/${kept.name}` })).statusCode).toBe(200);
  });

  it('keeps the files after an oversized one in the same batch', async () => {
    const res = await upload([
      file('enorme.png', Buffer.concat([samples.png, randomBytes(11 * 1024 * 1024)])),
      file('depois.png', samples.png),
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json().refused).toEqual([{ file: 'enorme.png', message: 'image_too_large' }]);
    expect(res.json().files).toHaveLength(1);
  });

  it('answers 400 file_required for a batch without files', async () => {
    const res = await upload([]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('file_required');
  });

  it('lists the library newest first, 20 a page, saying whether more exist', async () => {
    const first = (await t.app.inject({ method: 'GET', url: '/api/uploads', headers: staff.headers })).json();
    const total = first.files.length + (first.hasMore ? 1 : 0);
    // Fill up to 21 files: the last one uploaded is the first listed.
    let last = '';
    for (let n = total; n < 21; n += 1) last = (await upload([file(`n${n}.png`, samples.png)])).json().files[0].name;
    const page1 = (await t.app.inject({ method: 'GET', url: '/api/uploads?page=1', headers: staff.headers })).json();
    expect(page1).toMatchObject({ page: 1, hasMore: true });
    expect(page1.files).toHaveLength(20);
    expect(page1.files[0].name).toBe(last);
    const times = page1.files.map((f: { modified: string }) => f.modified);
    expect([...times].sort().reverse()).toEqual(times);
    const page2 = (await t.app.inject({ method: 'GET', url: '/api/uploads?page=2', headers: staff.headers })).json();
    expect(page2.files.length).toBeGreaterThanOrEqual(1);
    expect(page2.files.map((f: { name: string }) => f.name)).not.toContain(page1.files[19].name);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/uploads?page=abc', headers: staff.headers })).statusCode,
    ).toBe(400);
  });
});
