import { channelCategories, channelCategoryOrder, channelPageSize, type ChannelList } from '@papo/contract/channels';
import { sql } from 'kysely';
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
      expect(group.channels.map((c) => c.name)).toEqual(
        channelCategories[group.category as keyof typeof channelCategories],
      );
    }
  });

  it('shows a topic and places a channel created later after the listed ones', async () => {
    await t.app.db.updateTable('channels').set({ topic: 'Bem-vindos' }).where('name', '=', 'rio').execute();
    await t.app.db.insertInto('channels').values({ name: 'aaa-novo', category: 'regional' }).execute();
    const res = await t.app.inject({ method: 'GET', url: '/api/channels' });
    const regional = res.json<{ categories: { channels: { name: string; topic: string | null }[] }[] }>()
      .categories[0]!;
    expect(regional.channels.find((c) => c.name === 'rio')?.topic).toBe('Bem-vindos');
    expect(regional.channels.at(-1)?.name).toBe('aaa-novo');
  });

  it('pages the channels members founded by name, however many there are, the categories on every page', async () => {
    const names = Array.from({ length: 2 * channelPageSize + 7 }, (_, i) => `membro-${String(i).padStart(3, '0')}`);
    await t.app.db
      .insertInto('channels')
      .values(names.map((name) => ({ name })))
      .execute();
    const seen: string[] = [];
    const pages: number[] = [];
    let after: string | null = '';
    while (after !== null) {
      const query: string = after ? `?after=${after}` : '';
      const list: ChannelList = (await t.app.inject({ method: 'GET', url: `/api/channels${query}` })).json();
      expect(list.categories.map((c) => c.category)).toEqual(channelCategoryOrder);
      seen.push(...list.others.channels.map((c) => c.name));
      pages.push(list.others.channels.length);
      after = list.others.next;
    }
    expect(pages).toEqual([channelPageSize, channelPageSize, 7]);
    expect(seen).toEqual(names);

    const small = await t.app.inject({ method: 'GET', url: '/api/channels?limit=2&after=membro-104' });
    expect(small.json<ChannelList>().others).toEqual({
      channels: [
        { name: 'membro-105', topic: null },
        { name: 'membro-106', topic: null },
      ],
      next: null,
    });
  });

  it.each([
    ['limit=0', { limit: ['invalid_limit'] }],
    ['limit=101', { limit: ['invalid_limit'] }],
    ['limit=dez', { limit: ['invalid_limit'] }],
    ['after=N%C3%A3o', { after: ['invalid_channel'] }],
  ])('refuses ?%s with validation_failed', async (query, errors) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/channels?${query}` });
    expect({ status: res.statusCode, body: res.json() }).toEqual({
      status: 400,
      body: { message: 'validation_failed', errors },
    });
  });

  it("reads a page and a member's foundings through indexes, not by scanning the table", async () => {
    const plans = [
      sql`select name, topic from channels where category is null and name > 'm' order by name limit 51`,
      sql`select name, category, topic from channels where category is not null order by category, name`,
      sql`select created_at from channels where founder_id = 1 and created_at > '2026-11-23' order by created_at limit 5`,
    ];
    const used = await t.app.db.transaction().execute(async (trx) => {
      // on a nearly empty table PostgreSQL would rightly prefer a scan; this asks whether an index serves the query.
      if (dialect === 'postgres') await sql`set local enable_seqscan = off`.execute(trx);
      const prefix = dialect === 'postgres' ? sql`explain` : sql`explain query plan`;
      const texts = [];
      for (const query of plans) {
        const { rows } = await sql<Record<string, unknown>>`${prefix} ${query}`.execute(trx);
        texts.push(rows.map((row) => Object.values(row).join(' ')).join('\n'));
      }
      return texts;
    });
    expect(used[0]).toMatch(dialect === 'postgres' ? /channels_uncategorised_name_idx/ : /channels_category_name_idx/);
    expect(used[0]).not.toMatch(/Sort|TEMP B-TREE/);
    expect(used[1]).toMatch(/channels_category_name_idx/);
    expect(used[2]).toMatch(/channels_founder_created_idx/);
    for (const plan of used) expect(plan).not.toMatch(/SCAN channels$|Seq Scan/m);
  });
});
