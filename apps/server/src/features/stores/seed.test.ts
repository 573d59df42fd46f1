import type { Ads, StoreDetail, StorePage } from '@papo/contract/stores';
import sharp from 'sharp';
import { expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { describeEachDialect } from '../../test/db.js';
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
});
