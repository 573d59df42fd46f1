import { roles } from '@papo/contract/auth';
import { sizedUploadPath } from '@papo/contract/image-variants';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeUpload } from './objects.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { multipartBody } from '../../test/multipart.js';
import { startBrokenBucket, startS3Server, type BrokenBucket, type S3Server } from '../../test/s3.js';
import { buildUser, type TestUser } from '../../test/users.js';

const picture = () =>
  sharp({ create: { width: 900, height: 600, channels: 3, background: '#a36' } })
    .png()
    .toBuffer();

async function uploadOne(t: TestApp, staff: TestUser, data: Buffer) {
  const body = multipartBody({ files: [{ field: 'files[]', filename: 'foto.png', type: 'image/png', data }] });
  return t.app.inject({
    method: 'POST',
    url: '/api/uploadImage',
    headers: { ...staff.headers, ...body.headers },
    payload: body.payload,
  });
}

const storages: [string, () => Promise<{ env: Record<string, string>; close(): Promise<void> }>][] = [
  ['the default folder', async () => ({ env: {}, close: async () => undefined })],
  [
    'an S3-compatible bucket',
    async () => {
      const server: S3Server = await startS3Server();
      return { env: server.env('site'), close: () => server.close() };
    },
  ],
];

describe.each(storages)('uploads served from %s', (_name, open) => {
  let t: TestApp;
  let staff: TestUser;
  let close: () => Promise<void>;
  let key: string;
  let thumbnail: string;

  beforeAll(async () => {
    const storage = await open();
    close = storage.close;
    t = await buildTestApp({ env: storage.env });
    staff = await buildUser(t.app, { roles: [roles.user, roles.moderator] });
    const res = await uploadOne(t, staff, await picture());
    expect(res.statusCode, res.body).toBe(200);
    ({ name: key, thumbnail } = res.json().files[0]);
  });
  afterAll(async () => {
    await t.close();
    await close();
  });

  it('answers the stored bytes with the type, inert headers, immutable caching and an ETag', async () => {
    const res = await t.app.inject({ url: `/uploads/${key}` });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals((await t.app.uploads.get(key))!.body)).toBe(true);
    expect(res.headers).toMatchObject({
      'content-type': 'image/png',
      'x-content-type-options': 'nosniff',
      'cache-control': 'public, max-age=31536000, immutable',
      'accept-ranges': 'bytes',
      etag: expect.stringMatching(/^".+"$/),
      'last-modified': expect.any(String),
    });
    expect(res.headers['content-security-policy']).toContain('sandbox');
    expect((await t.app.inject({ url: `/uploads/${thumbnail}` })).headers['content-type']).toBe('image/webp');
  });

  it("lets other sites show public pictures (cross-origin), and keeps members' profile pictures same-origin", async () => {
    const publicOnes = [`/uploads/${key}`, `/uploads/${thumbnail}`, sizedUploadPath(400, key)];
    for (const url of publicOnes) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cross-origin-resource-policy'], url).toBe('cross-origin');
    }
    const conditional = await t.app.inject({
      url: `/uploads/${key}`,
      headers: { 'if-none-match': String((await t.app.inject({ url: `/uploads/${key}` })).headers.etag) },
    });
    expect(conditional.statusCode).toBe(304);
    expect(conditional.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const avatar = await storeUpload(t.app.uploads, 'profile', await picture(), 'png');
    for (const url of [`/uploads/${avatar}`, sizedUploadPath(400, avatar)]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cross-origin-resource-policy'], url).toBe('same-origin');
    }
  });

  it('answers 304 to a matching If-None-Match, and HEAD with the length and no body', async () => {
    const { etag } = (await t.app.inject({ url: `/uploads/${key}` })).headers;
    const again = await t.app.inject({ url: `/uploads/${key}`, headers: { 'if-none-match': String(etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload).toHaveLength(0);
    const other = await t.app.inject({ url: `/uploads/${key}`, headers: { 'if-none-match': '"other"' } });
    expect(other.statusCode).toBe(200);
    const head = await t.app.inject({ method: 'HEAD', url: `/uploads/${key}` });
    expect(head.statusCode).toBe(200);
    expect(Number(head.headers['content-length'])).toBe((await t.app.uploads.head(key))!.size);
    expect(head.rawPayload).toHaveLength(0);
  });

  it('answers byte ranges: 206 with Content-Range, a suffix, and 416 past the end', async () => {
    const whole = (await t.app.inject({ url: `/uploads/${key}` })).rawPayload;
    const first = await t.app.inject({ url: `/uploads/${key}`, headers: { range: 'bytes=0-99' } });
    expect(first.statusCode).toBe(206);
    expect(first.headers['content-range']).toBe(`bytes 0-99/${whole.length}`);
    expect(first.rawPayload.equals(whole.subarray(0, 100))).toBe(true);
    const suffix = await t.app.inject({ url: `/uploads/${key}`, headers: { range: 'bytes=-10' } });
    expect(suffix.statusCode).toBe(206);
    expect(suffix.rawPayload.equals(whole.subarray(whole.length - 10))).toBe(true);
    const past = await t.app.inject({ url: `/uploads/${key}`, headers: { range: `bytes=${whole.length}-` } });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${whole.length}`);
  });

  it('makes a responsive variant once and keeps it in the same storage', async () => {
    const url = sizedUploadPath(400, key);
    const first = await t.app.inject({ url });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/webp');
    expect(await t.app.uploads.head(`sized/400/${key}.webp`)).not.toBeNull();
    const again = await t.app.inject({ url });
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(again.headers.etag).toBe(first.headers.etag);
  });

  it('answers 404 for an unknown upload and for any path that is not a key', async () => {
    for (const url of [
      '/uploads/library/0123456789abcdef0123456789abcdef.png',
      '/uploads/',
      '/uploads/library/',
      '/uploads/../papo.sqlite',
      '/uploads/%2e%2e/papo.sqlite',
    ]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
    }
  });
});

describe('uploads with UPLOADS_PUBLIC_URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { UPLOADS_PUBLIC_URL: 'https://cdn.example.com/papo/' } });
  });
  afterAll(() => t.close());

  it('sends the browser to the public base for an upload and a variant', async () => {
    const staff = await buildUser(t.app, { roles: [roles.user, roles.moderator] });
    const key = (await uploadOne(t, staff, await picture())).json().files[0].name;
    const res = await t.app.inject({ url: `/uploads/${key}` });
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe(`https://cdn.example.com/papo/${key}`);
    const sized = await t.app.inject({ url: sizedUploadPath(800, key) });
    expect(sized.statusCode).toBe(301);
    expect(sized.headers.location).toBe(`https://cdn.example.com/papo/sized/800/${key}.webp`);
    // The variant is in the storage before the public base is asked for it.
    expect(await t.app.uploads.head(`sized/800/${key}.webp`)).not.toBeNull();
  });
});

describe.each(['failing', 'slow'] as const)('uploads on a %s bucket', (kind) => {
  let bucket: BrokenBucket;
  let t: TestApp;
  let staff: TestUser;
  beforeAll(async () => {
    bucket = await startBrokenBucket(kind);
    t = await buildTestApp({ env: bucket.env() });
    staff = await buildUser(t.app, { roles: [roles.user, roles.moderator] });
  });
  afterAll(async () => {
    await t.close();
    await bucket.close();
  });

  it('answers 503 uploads_unavailable to an upload, with nothing in the library', async () => {
    const res = await uploadOne(t, staff, await picture());
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ message: 'uploads_unavailable' });
    expect(res.headers['retry-after']).toBeDefined();
    expect(bucket.asked).toBeGreaterThan(0);
    const library = await t.app.inject({ url: '/api/uploads', headers: staff.headers });
    expect(library.json().files).toEqual([]);
  });

  it('answers 503 uploads_unavailable to a read, never a 500', async () => {
    for (const url of [
      '/uploads/library/0123456789abcdef0123456789abcdef.png',
      sizedUploadPath(400, 'library/0123456789abcdef0123456789abcdef.png'),
    ]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(503);
      expect(res.json()).toEqual({ message: 'uploads_unavailable' });
    }
  });
});
