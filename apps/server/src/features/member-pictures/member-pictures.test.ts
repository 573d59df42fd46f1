import { maxPictureIds } from '@papo/contract/member-pictures';
import sharp from 'sharp';
import { expect, it } from 'vitest';
import { describeEachDialect } from '../../test/db.js';
import { multipartBody } from '../../test/multipart.js';
import { useMemberSuite, type TestUser } from '../../test/users.js';

describeEachDialect('GET /api/member-pictures', (dialect) => {
  const t = useMemberSuite(dialect, 'face');
  const ask = (user: TestUser | null, ids: string) =>
    t.app.inject({ method: 'GET', url: `/api/member-pictures?ids=${ids}`, headers: user?.headers ?? {} });
  const upload = async (user: TestUser) => {
    const body = multipartBody({
      files: [
        {
          field: 'profile_picture',
          filename: 'me.png',
          type: 'image/png',
          data: await sharp({ create: { width: 300, height: 200, channels: 3, background: '#a37' } })
            .png()
            .toBuffer(),
        },
      ],
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/upload-profile-picture',
      headers: { ...user.headers, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(200);
    return (res.json() as { imageUrl: string }).imageUrl;
  };

  it('answers each member’s name and the small sized variant of their picture, which the uploads then serve', async () => {
    const [pictured, plain, asker] = [await t.member('Ana Maria Souza'), await t.member(), await t.member()];
    const original = await upload(pictured);
    const res = await ask(asker, `${pictured.id},${plain.id},${pictured.id},999999`);
    expect(res.statusCode).toBe(200);
    const key = original.replace(/^\/uploads\//, '');
    expect(res.json()).toEqual({
      members: {
        [String(pictured.id)]: { name: 'Ana Maria Souza', picture: `/uploads/sized/400/${key}.webp` },
        [String(plain.id)]: { name: expect.any(String), picture: null },
      },
    });

    const served = await t.app.inject({ method: 'GET', url: `/uploads/sized/400/${key}.webp` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
  });

  it('needs a signed-in member and a short list of ids, refused with a message key', async () => {
    const asker = await t.member();
    expect((await ask(null, '1')).statusCode).toBe(401);
    for (const ids of [
      '',
      'a',
      '0',
      '1,,2',
      '-1',
      Array.from({ length: maxPictureIds + 1 }, (_, n) => n + 1).join(','),
    ]) {
      const res = await ask(asker, ids);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: 'validation_failed', errors: { ids: ['invalid_id'] } });
    }
  });
});
