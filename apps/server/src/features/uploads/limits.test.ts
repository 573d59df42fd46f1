import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, useTestApp, type TestApp } from '../../test/app.js';
import { describeEachDialect } from '../../test/db.js';
import { multipartBody } from '../../test/multipart.js';
import { buildUser, personas, type TestUser } from '../../test/users.js';
import { maxAnimationFrames } from './limits.js';

/** Every route that takes an image, with the field its file goes in. */
const uploadRoutes = [
  { url: '/api/upload-profile-picture', field: 'profile_picture' },
  { url: '/api/uploadImage', field: 'files[]' },
  { url: '/api/uploadArticleCover', field: 'cover' },
  { url: '/api/uploadBioCover', field: 'file' },
  { url: '/api/upload-album-picture', field: 'picture' },
  { url: '/api/uploadAlbumCover', field: 'cover' },
];

let png: Promise<Buffer> | undefined;
const picture = () =>
  (png ??= sharp({ create: { width: 40, height: 30, channels: 3, background: '#3a7' } })
    .png()
    .toBuffer());
const address = () => `10.${[1, 2, 3].map(() => randomBytes(1)[0]).join('.')}`;

async function uploadPicture(
  app: TestApp['app'],
  user: TestUser,
  remoteAddress: string,
  url = '/api/upload-profile-picture',
  field = 'profile_picture',
) {
  const body = multipartBody({ files: [{ field, filename: 'me.png', type: 'image/png', data: await picture() }] });
  return app.inject({
    method: 'POST',
    url,
    remoteAddress,
    headers: { ...user.headers, ...body.headers },
    payload: body.payload,
  });
}

describeEachDialect('upload rate limits', (dialect) => {
  const t = useTestApp({ dialect, env: { UPLOAD_RATE_MEMBER: '2', UPLOAD_RATE_ADDRESS: '4' } });

  it('refuse a member past their limit with 429 and Retry-After, on every upload route, and not another member', async () => {
    const staff = await buildUser(t.app, { roles: personas.admin });
    const from = address();
    for (let i = 0; i < 2; i += 1) expect((await uploadPicture(t.app, staff, from)).statusCode).toBe(200);
    for (const route of uploadRoutes) {
      const refused = await uploadPicture(t.app, staff, address(), route.url, route.field);
      expect(refused.statusCode, route.url).toBe(429);
      expect(refused.json()).toEqual({ message: 'too_many_requests' });
      const seconds = Number(refused.headers['retry-after']);
      expect(seconds).toBeGreaterThan(0);
      expect(seconds).toBeLessThanOrEqual(600);
    }
    const other = await buildUser(t.app);
    expect((await uploadPicture(t.app, other, from)).statusCode).toBe(200);
  });

  it('refuse an address past its limit whichever member uploads', async () => {
    const from = address();
    for (let i = 0; i < 4; i += 1)
      expect((await uploadPicture(t.app, await buildUser(t.app), from)).statusCode).toBe(200);
    const fifth = await uploadPicture(t.app, await buildUser(t.app), from);
    expect(fifth.statusCode).toBe(429);
    expect(Number(fifth.headers['retry-after'])).toBeGreaterThan(0);
    expect((await uploadPicture(t.app, await buildUser(t.app), address())).statusCode).toBe(200);
  });

  it.each(['gif', 'webp'] as const)(
    'refuse an animated %s of more than maxAnimationFrames frames with 400 image_too_many_frames',
    async (format) => {
      const animation = (frames: number) =>
        sharp(randomBytes(8 * 8 * frames * 3), { raw: { width: 8, height: 8 * frames, channels: 3, pageHeight: 8 } })
          .toFormat(format)
          .toBuffer();
      const send = async (data: Buffer) => {
        const body = multipartBody({
          files: [{ field: 'profile_picture', filename: `a.${format}`, type: `image/${format}`, data }],
        });
        return t.app.inject({
          method: 'POST',
          url: '/api/upload-profile-picture',
          remoteAddress: address(),
          headers: { ...(await buildUser(t.app)).headers, ...body.headers },
          payload: body.payload,
        });
      };
      const refused = await send(await animation(maxAnimationFrames + 1));
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ message: 'image_too_many_frames' });
      expect((await send(await animation(maxAnimationFrames))).statusCode).toBe(200);
    },
  );
});

const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!redisUrl)('upload rate limits with REDIS_URL', () => {
  const prefix = `test-${randomBytes(4).toString('hex')}`;
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    // member counters outlive a run in Redis (ids repeat from run to run): only the address, random per run, is tested here.
    const env = { REDIS_URL: redisUrl!, REDIS_PREFIX: prefix, UPLOAD_RATE_MEMBER: '1000', UPLOAD_RATE_ADDRESS: '2' };
    [a, b] = await Promise.all([buildTestApp({ env }), buildTestApp({ env })]);
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
  });

  it('are counted across nodes', async () => {
    const from = address();
    expect((await uploadPicture(a.app, await buildUser(a.app), from)).statusCode).toBe(200);
    expect((await uploadPicture(b.app, await buildUser(b.app), from)).statusCode).toBe(200);
    const third = await uploadPicture(a.app, await buildUser(a.app), from);
    expect(third.statusCode).toBe(429);
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
  });

  it("keep their counters under the deployment's REDIS_PREFIX, named by what they count", async () => {
    const from = address();
    await uploadPicture(a.app, await buildUser(a.app), from);
    const redis = new Redis(redisUrl!);
    try {
      const keys = await redis.keys(`${prefix}-rl:*`);
      expect(keys).toContain(`${prefix}-rl:limiter-upload-ip:${from}`);
      expect(keys.join(' ')).not.toContain('undefined');
      await redis.del(...keys);
    } finally {
      redis.disconnect();
    }
  });
});
