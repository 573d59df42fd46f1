import type { RecordRevisionList } from '@papo/contract/editor';
import type { AlbumPage, Ads, StoreDetail, StorePage } from '@papo/contract/stores';
import sharp from 'sharp';
import { expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { describeEachDialect } from '../../test/db.js';
import { buildUser } from '../../test/users.js';
import { demoStores } from './seed.js';

describeEachDialect('demo shops and course stores', (dialect) => {
  const t = useTestApp({ dialect, env: { DEMO_CONTENT: '1' } });

  it('fill an empty database with 6+ shops and 4+ course stores in several categories and countries', async () => {
    const shops = (await t.app.inject({ url: '/api/stores' })).json<StorePage>().items;
    const courses = (await t.app.inject({ url: '/api/courses' })).json<StorePage>().items;
    expect(shops.length).toBeGreaterThanOrEqual(6);
    expect(courses.length).toBeGreaterThanOrEqual(4);
    expect(shops.length + courses.length).toBe(demoStores.length);
    const all = [...shops, ...courses];
    expect(new Set(all.map((s) => s.category?.key)).size).toBeGreaterThanOrEqual(6);
    expect(new Set(all.map((s) => s.country)).size).toBeGreaterThanOrEqual(5);
  });

  it('give each product a drawn picture served from /uploads/ and an example.com link', async () => {
    const detail = (await t.app.inject({ url: '/api/shop/atelie-mare' })).json<StoreDetail>();
    expect(detail.name).toBe('Ateliê Maré');
    expect(detail.content.length).toBeGreaterThanOrEqual(3);
    for (const item of detail.content) expect(item.actionUrl).toMatch(/^https:\/\/example\.com\//);
    const served = await t.app.inject({ url: `/uploads/${detail.content[0]!.url}` });
    expect(served.statusCode).toBe(200);
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ width: 600, height: 600 });
    const ads = (await t.app.inject({ url: '/api/ads' })).json<Ads>();
    expect(ads.course?.url).toMatch(/^https:\/\/example\.com\/cursos\//);
    expect(ads.product?.url).toMatch(/^https:\/\/example\.com\/produtos\//);
  });

  it('start each store’s history with the staff account that made it (never “Conta removida”)', async () => {
    const staff = await buildUser(t.app, { username: 'revisora', roles: ['ROLE_MODERATOR'] });
    const { albums } = (await t.app.inject({ url: '/api/albums', headers: staff.headers })).json<AlbumPage>();
    expect(albums).toHaveLength(demoStores.length);
    for (const album of albums) {
      const { revisions } = (
        await t.app.inject({ url: `/api/album/${album.id}/revisions`, headers: staff.headers })
      ).json<RecordRevisionList>();
      expect(revisions).toEqual([
        expect.objectContaining({ authorName: 'Equipe de Lojas', title: album.name, isHead: true }),
      ]);
    }
    const author = await t.app.db
      .selectFrom('users')
      .select(['roles', 'password_hash'])
      .where('username', '=', 'lojas_papo')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(author.roles)).toEqual(['ROLE_MODERATOR']);
    expect(author.password_hash).toBeNull();
  });
});
