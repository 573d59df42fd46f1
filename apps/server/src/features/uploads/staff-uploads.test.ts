import { profilePictureField } from '@papo/contract/profile';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { HttpError } from '../../lib/http-error.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { describeEachDialect } from '../../test/db.js';
import { multipartBody } from '../../test/multipart.js';
import { buildUser, personas, type TestUser } from '../../test/users.js';
import { requireStaffUploads } from './staff-uploads.js';

describeEachDialect('requireStaffUploads', (dialect) => {
  let t: TestApp;
  let staff: TestUser;
  let member: TestUser;
  let library: string[];
  let profilePicture: string;

  beforeAll(async () => {
    t = await buildTestApp({ dialect });
    staff = await buildUser(t.app, { roles: personas.moderator });
    member = await buildUser(t.app);
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#36a' } })
      .png()
      .toBuffer();
    const batch = multipartBody({
      files: [1, 2].map((n) => ({ field: 'files[]', filename: `${n}.png`, type: 'image/png', data: png })),
    });
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/uploadImage',
      headers: { ...staff.headers, ...batch.headers },
      payload: batch.payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    library = uploaded.json().files.map((f: { name: string }) => f.name);
    const picture = multipartBody({
      files: [{ field: profilePictureField, filename: 'eu.png', type: 'image/png', data: png }],
    });
    const own = await t.app.inject({
      method: 'POST',
      url: '/api/upload-profile-picture',
      headers: { ...member.headers, ...picture.headers },
      payload: picture.payload,
    });
    expect(own.statusCode, own.body).toBe(200);
    profilePicture = own.json().imageUrl.replace(/^\/uploads\//, '');
  });
  afterAll(() => t.close());

  const refusal = (keys: string[], field?: string) =>
    requireStaffUploads(t.app.db, keys, field).then(
      () => null,
      (error: unknown) => error,
    );

  it('passes for library images, repeated or none', async () => {
    expect(await refusal(library)).toBeNull();
    expect(await refusal([library[0]!, library[0]!, library[1]!])).toBeNull();
    expect(await refusal([])).toBeNull();
  });

  it.each([
    ['an unknown key', () => ['library/0123456789abcdef0123456789abcdef.png']],
    ["a member's profile picture", () => [profilePicture]],
    ['a library image beside a profile picture', () => [library[0]!, profilePicture]],
    ['a path that is no key', () => ['../../etc/passwd']],
  ])('throws 400 upload_not_found for %s', async (_what, keys) => {
    const error = await refusal(keys());
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ statusCode: 400, key: 'upload_not_found', errors: undefined });
  });

  it('names the field when given one', async () => {
    expect(await refusal([profilePicture], 'images')).toMatchObject({
      statusCode: 400,
      key: 'upload_not_found',
      errors: { images: ['upload_not_found'] },
    });
  });

  it('checks more keys than one query takes', async () => {
    const many = Array.from({ length: 1200 }, (_, n) => `library/${n.toString(16).padStart(32, '0')}.png`);
    expect(await refusal([...library, ...many])).toMatchObject({ key: 'upload_not_found' });
  });
});
