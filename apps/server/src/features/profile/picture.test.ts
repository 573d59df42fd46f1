import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { expect, it } from 'vitest';
import { describeEachDialect } from '../../test/db.js';
import { multipartBody } from '../../test/multipart.js';
import { useMemberSuite, type TestUser } from '../../test/users.js';

const payload = '<script>alert("owned")</script>';

function multipart(file: { field?: string; filename: string; type: string; data: Buffer }) {
  return multipartBody({ files: [{ ...file, field: file.field ?? 'profile_picture' }] });
}

/** Small on disk, 52 megapixels once decoded; made once for both dialects. */
let bombPng: Promise<Buffer> | undefined;

const solid = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#3a7' } });

describeEachDialect('POST /api/upload-profile-picture', (dialect) => {
  const t = useMemberSuite(dialect, 'pic');
  const { member } = t;
  const upload = (user: TestUser, file: Parameters<typeof multipart>[0]) => {
    const body = multipart(file);
    return t.app.inject({
      method: 'POST',
      url: '/api/upload-profile-picture',
      headers: { ...user.headers, ...body.headers },
      payload: body.payload,
    });
  };
  const storedFiles = async () => readdir(path.join(t.dataDir, 'uploads', 'profile')).catch(() => [] as string[]);
  const storedFile = (imageUrl: string) => readFile(path.join(t.dataDir, imageUrl.replace(/^\/uploads\//, 'uploads/')));
  const profileImageOf = async (user: TestUser) => (await t.profileOf(user)).profileImage;

  it('stores a PNG shrunk to fit 800×400 and serves it as an inert image', async () => {
    const user = await member();
    const res = await upload(user, {
      filename: 'me.png',
      type: 'image/png',
      data: await solid(1600, 900).png().toBuffer(),
    });
    expect(res.statusCode).toBe(200);
    const { imageUrl, message } = res.json();
    expect(message).toBe('profile_picture_updated');
    expect(imageUrl).toMatch(/^\/uploads\/profile\/[a-f0-9]{32}\.png$/);
    expect(await profileImageOf(user)).toBe(imageUrl);

    const served = await t.app.inject({ method: 'GET', url: imageUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toMatch(/^default-src 'none';.*sandbox/);
    const metadata = await sharp(served.rawPayload).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(['png', 711, 400]);
  });

  it('stores a JPEG without its metadata, turned upright and never enlarged', async () => {
    const user = await member();
    const jpeg = await solid(300, 200)
      .jpeg()
      .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: 'secret-location-data' } } })
      .toBuffer();
    expect(jpeg.includes('secret-location-data')).toBe(true);
    const res = await upload(user, { filename: 'photo.jpg', type: 'image/jpeg', data: jpeg });
    expect(res.statusCode).toBe(200);
    const stored = await storedFile(res.json().imageUrl);
    expect(stored.includes('secret-location-data')).toBe(false);
    const metadata = await sharp(stored).metadata();
    expect([metadata.format, metadata.width, metadata.height, metadata.exif]).toEqual(['jpeg', 200, 300, undefined]);
    const served = await t.app.inject({ method: 'GET', url: res.json().imageUrl });
    expect(served.headers['content-type']).toBe('image/jpeg');
  });

  it.each([
    ['gif', 'image/gif', () => solid(40, 40).gif().toBuffer()],
    ['webp', 'image/webp', () => solid(40, 40).webp().toBuffer()],
  ])('accepts a %s and keeps its format', async (extension, type, make) => {
    const user = await member();
    const res = await upload(user, { filename: `a.${extension}`, type, data: await make() });
    expect(res.statusCode).toBe(200);
    expect(res.json().imageUrl).toMatch(new RegExp(`\\.${extension}$`));
  });

  it('removes the previous picture when a new one arrives', async () => {
    const user = await member();
    const first = (
      await upload(user, { filename: 'a.png', type: 'image/png', data: await solid(50, 50).png().toBuffer() })
    ).json().imageUrl;
    const second = (
      await upload(user, { filename: 'b.png', type: 'image/png', data: await solid(60, 60).png().toBuffer() })
    ).json().imageUrl;
    expect(second).not.toBe(first);
    const files = await storedFiles();
    expect(files).toContain(path.basename(second));
    expect(files).not.toContain(path.basename(first));
    expect((await t.app.inject({ method: 'GET', url: first })).statusCode).toBe(404);
  });

  it('re-encodes a PNG carrying a script after its end, so the stored file holds no script', async () => {
    const user = await member();
    const polyglot = Buffer.concat([await solid(30, 30).png().toBuffer(), Buffer.from(payload)]);
    const res = await upload(user, { filename: 'x.png', type: 'image/png', data: polyglot });
    expect(res.statusCode).toBe(200);
    expect((await storedFile(res.json().imageUrl)).includes(payload)).toBe(false);
  });

  it.each([
    ['a text file renamed .png', 'notes.png', 'image/png', Buffer.from('just some text, not an image\n')],
    [
      'an SVG',
      'logo.svg',
      'image/svg+xml',
      Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">${payload}<rect width="10" height="10"/></svg>`,
      ),
    ],
    [
      'an SVG named .png',
      'logo.png',
      'image/png',
      Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">${payload}</svg>`),
    ],
    ['a GIF header followed by HTML', 'x.gif', 'image/gif', Buffer.from(`GIF89a<html><body>${payload}</body></html>`)],
    ['a truncated PNG', 'cut.png', 'image/png', Buffer.from('\x89PNG\r\n\x1a\n\0\0\0\rIHDR', 'binary')],
    ['an empty file', 'empty.png', 'image/png', Buffer.alloc(0)],
  ])('refuses %s with 400 invalid_image and stores nothing', async (_label, filename, type, data) => {
    const user = await member();
    const before = await storedFiles();
    const res = await upload(user, { filename, type, data });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'invalid_image' });
    expect(await storedFiles()).toEqual(before);
    expect(await profileImageOf(user)).toBeNull();
  });

  it('refuses a TIFF, which sharp reads but the site does not serve', async () => {
    const user = await member();
    const res = await upload(user, {
      filename: 'a.tiff',
      type: 'image/tiff',
      data: await solid(20, 20).tiff().toBuffer(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'invalid_image' });
  });

  it('refuses an image of more pixels than a photo ever has (a decompression bomb)', async () => {
    const user = await member();
    bombPng ??= sharp({ create: { width: 8_000, height: 6_500, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const bomb = await bombPng;
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const res = await upload(user, { filename: 'bomb.png', type: 'image/png', data: bomb });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'invalid_image' });
  });

  it('refuses a 6 MB file with 413 file_too_large and stores nothing', async () => {
    const user = await member();
    const before = await storedFiles();
    const big = Buffer.concat([await solid(10, 10).png().toBuffer(), randomBytes(6 * 1024 * 1024)]);
    const res = await upload(user, { filename: 'big.png', type: 'image/png', data: big });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'file_too_large', errors: { profile_picture: ['file_too_large'] } });
    expect(await storedFiles()).toEqual(before);
  });

  it('answers 400 file_required for another field name or a request that is not multipart', async () => {
    const user = await member();
    const wrongField = await upload(user, {
      field: 'picture',
      filename: 'a.png',
      type: 'image/png',
      data: await solid(5, 5).png().toBuffer(),
    });
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/upload-profile-picture',
      headers: user.headers,
      payload: { profile_picture: 'x' },
    });
    for (const res of [wrongField, json]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'validation_failed', errors: { profile_picture: ['file_required'] } });
    }
  });

  it('answers 400 invalid_multipart for a multipart body without its boundary', async () => {
    const user = await member();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/upload-profile-picture',
      headers: { ...user.headers, 'content-type': 'multipart/form-data' },
      payload: 'garbage',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'invalid_multipart' });
  });

  it('serves no listing, no path outside the uploads and no unknown file', async () => {
    for (const url of [
      '/uploads/',
      '/uploads/profile/',
      '/uploads/../papo.sqlite',
      '/uploads/%2e%2e/papo.sqlite',
      '/uploads/profile/missing.png',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
    }
  });
});
