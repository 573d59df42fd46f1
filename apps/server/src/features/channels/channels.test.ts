import { channelCategories, channelCategoryOrder } from '@papo/contract/channels';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { describeEachDialect } from '../../test/db.js';

describeEachDialect('GET /api/channels', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ dialect });
  });
  afterAll(() => t.close());

  it('lists the seeded channels by category in the Channels page order', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/channels' });
    expect(res.statusCode).toBe(200);
    const { categories } = res.json<{ categories: { category: string; channels: { name: string }[] }[] }>();
    expect(categories.map((c) => c.category)).toEqual(channelCategoryOrder);
    for (const group of categories) {
      expect(group.channels.map((c) => c.name)).toEqual(channelCategories[group.category as keyof typeof channelCategories]);
    }
  });

  it('shows a topic and places a channel created later after the listed ones', async () => {
    await t.app.db.updateTable('channels').set({ topic: 'Bem-vindos' }).where('name', '=', 'rio').execute();
    await t.app.db.insertInto('channels').values({ name: 'aaa-novo', category: 'regional' }).execute();
    const res = await t.app.inject({ method: 'GET', url: '/api/channels' });
    const regional = res.json<{ categories: { channels: { name: string; topic: string | null }[] }[] }>().categories[0]!;
    expect(regional.channels.find((c) => c.name === 'rio')?.topic).toBe('Bem-vindos');
    expect(regional.channels.at(-1)?.name).toBe('aaa-novo');
  });
});
