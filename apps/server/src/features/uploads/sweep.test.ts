import { randomBytes } from 'node:crypto';
import { profilePictureField } from '@papo/contract/profile';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeImage } from './images.js';
import { storeUpload } from './objects.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { describeEachDialect } from '../../test/db.js';
import { multipartBody } from '../../test/multipart.js';
import { buildUser, personas } from '../../test/users.js';
import { createUploadSweeper, sweepUploads } from './sweep.js';
import { createRedisOutage } from '../../lib/redis-outage.js';

const rules = { formats: ['png'] as const, maxBytes: 1_000_000, maxPixels: 1_000_000, variantWidth: 32 };
const png = () =>
  sharp({ create: { width: 40, height: 40, channels: 3, background: '#888' } })
    .png()
    .toBuffer();
const hours = (n: number) => n * 60 * 60 * 1000;

describeEachDialect('the uploads sweep', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ dialect });
  });
  afterAll(() => t.close());

  const stored = async () => {
    const keys: string[] = [];
    for await (const object of t.app.uploads.list('')) keys.push(object.key);
    return keys;
  };

  it('removes unreferenced files older than an hour with their variants, and keeps every referenced one', async () => {
    const staff = await buildUser(t.app, { roles: personas.admin });
    const member = await buildUser(t.app);
    const bytes = await png();
    // Referenced: a library image (its row), a member's picture, a demo article cover outside the swept folders.
    const library = multipartBody({ files: [{ field: 'files[]', filename: 'a.png', type: 'image/png', data: bytes }] });
    const kept = (
      await t.app.inject({
        method: 'POST',
        url: '/api/uploadImage',
        headers: { ...staff.headers, ...library.headers },
        payload: library.payload,
      })
    ).json().files[0];
    const picture = multipartBody({
      files: [{ field: profilePictureField, filename: 'eu.png', type: 'image/png', data: bytes }],
    });
    const profile = (
      await t.app.inject({
        method: 'POST',
        url: '/api/upload-profile-picture',
        headers: { ...member.headers, ...picture.headers },
        payload: picture.payload,
      })
    )
      .json()
      .imageUrl.replace('/uploads/', '');
    const articleCover = await storeUpload(t.app.uploads, 'articles', bytes, 'png');
    // A published store's unpublished slot picture (decision 028): only its draft names it.
    const drafted = await storeImage(t.app.uploads, 'stores', bytes, rules);
    const created = new Date().toISOString();
    const store = await t.app.db
      .insertInto('stores')
      .values({
        kind: 'shop',
        name: 'Loja do rascunho',
        slug: 'loja-do-rascunho',
        country: 'br',
        category_id: null,
        owner_id: null,
        is_published: 1,
        cover: null,
        article_id: null,
        created_at: created,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.app.db
      .insertInto('store_drafts')
      .values({
        store_id: store.id,
        name: 'Loja do rascunho',
        slug: 'loja-do-rascunho',
        country: 'br',
        category_id: null,
        cover: null,
        created_at: created,
      })
      .execute();
    await t.app.db
      .insertInto('store_item_drafts')
      .values({ store_id: store.id, position: 0, image: drafted.key, thumbnail: drafted.thumbnail, action_url: null })
      .execute();
    // Left behind: a slot picture stored by a node that stopped before recording it, with a responsive variant.
    const orphan = await storeImage(t.app.uploads, 'stores', bytes, rules);
    expect((await t.app.inject({ url: `/uploads/sized/400/${orphan.key}.webp` })).statusCode).toBe(200);
    const marker = 'checks/0123456789abcdef-stale.txt';
    await t.app.uploads.put(marker, Buffer.from('x'), 'text/plain');

    // Younger than an hour: nothing goes, the orphan could be an upload in flight.
    expect((await sweepUploads({ db: t.app.db, storage: t.app.uploads })).removed).toEqual([]);

    const { removed } = await sweepUploads({ db: t.app.db, storage: t.app.uploads, now: Date.now() + hours(2) });
    expect(removed).toEqual(expect.arrayContaining([orphan.key, marker]));
    const after = await stored();
    for (const key of [orphan.key, orphan.thumbnail, `sized/400/${orphan.key}.webp`, marker])
      expect(after, key).not.toContain(key);
    for (const key of [kept.name, kept.thumbnail, profile, articleCover, drafted.key, drafted.thumbnail])
      expect(after, key).toContain(key);
  });

  it('removes variants whose original is gone', async () => {
    const image = await storeImage(t.app.uploads, 'library', await png(), rules);
    await t.app.db
      .insertInto('uploads')
      .values({
        key: image.key,
        thumbnail: image.thumbnail,
        width: 40,
        height: 40,
        uploaded_by: null,
        created_at: new Date().toISOString(),
      })
      .execute();
    expect((await t.app.inject({ url: `/uploads/sized/400/${image.key}.webp` })).statusCode).toBe(200);
    await t.app.uploads.delete(image.key);
    await t.app.db.deleteFrom('uploads').where('key', '=', image.key).execute();
    await sweepUploads({ db: t.app.db, storage: t.app.uploads, now: Date.now() + hours(2) });
    const after = await stored();
    expect(after).not.toContain(image.thumbnail);
    expect(after).not.toContain(`sized/400/${image.key}.webp`);
  });
});

describe.skipIf(!process.env.TEST_REDIS_URL)('the uploads sweep with Redis', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('runs on one node at a time', async () => {
    const prefix = `sweep-${randomBytes(4).toString('hex')}`;
    const redisUrl = process.env.TEST_REDIS_URL!;
    const sweepers = [1, 2].map(() =>
      createUploadSweeper({
        db: t.app.db,
        storage: t.app.uploads,
        log: t.app.log,
        redis: { url: redisUrl, outage: createRedisOutage(t.app.log, redisUrl) },
        redisPrefix: prefix,
      }),
    );
    const results = await Promise.all(sweepers.map((sweeper) => sweeper.runOnce()));
    expect(results.filter((result) => result === null)).toHaveLength(1);
    // The lock is given back: the next hour's sweep runs.
    expect(await sweepers[1]!.runOnce()).not.toBeNull();
    await Promise.all(sweepers.map((sweeper) => sweeper.stop()));
  });
});
