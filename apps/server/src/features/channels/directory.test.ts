import type { ChannelDirectory } from '@papo/contract/channel-directory';
import { channelCategories } from '@papo/contract/channels';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { request, waitFor } from '../../realtime/test-support.js';
import { describeEachDialect } from '../../test/db.js';
import { requestFounding, startChatHarness, type ChatHarness } from '../chat/test-support.js';

describeEachDialect('GET /api/channel-directory', (dialect) => {
  let h: ChatHarness;
  beforeAll(async () => {
    h = await startChatHarness(dialect);
  });
  afterEach(() => h.disconnectAll());
  afterAll(() => h.close());

  const directory = async (query = ''): Promise<ChannelDirectory> => {
    const res = await h.t.app.inject({ url: `/api/channel-directory${query}` });
    expect(res.statusCode, query).toBe(200);
    return res.json<ChannelDirectory>();
  };

  it('lists the curated channels first, then a founded one, each with how many members are in it now', async () => {
    const founder = await h.member();
    const founding = await h.connect(founder);
    expect(await requestFounding(founding, '#achado-aqui')).toEqual({ ok: true });
    expect(await request(founding, 'join', '#barra')).toEqual({ ok: true });
    await h.joined(await h.member(), '#achado-aqui');

    const first = await directory();
    const curated = Object.values(channelCategories).flat();
    expect(first.curated.map((channel) => channel.name)).toEqual(curated);
    expect(first.curated.find((channel) => channel.name === 'barra')).toEqual({
      name: 'barra',
      topic: null,
      users: 1,
      category: 'regional',
    });
    expect(first.others.channels).toContainEqual({ name: 'achado-aqui', topic: null, users: 2, category: null });

    founding.disconnect();
    let later = first;
    await waitFor('the founder is gone from the count', async () => {
      later = await directory('?q=achado');
      return later.others.channels[0]?.users === 1;
    });
    expect(later).toEqual({
      curated: [],
      others: { channels: [{ name: 'achado-aqui', topic: null, users: 1, category: null }], next: null },
    });
  });

  it('searches names anywhere in them, case and # aside, curated and founded alike, and pages the founded ones', async () => {
    await h.t.app.db
      .insertInto('channels')
      .values(['busca_um', 'busca-dois', 'buscaxtres', 'outra'].map((name) => ({ name })))
      .execute();
    expect((await directory('?q=%23SAMPA')).curated.map((channel) => channel.name)).toEqual(['sampa']);
    const found = await directory('?q=busca');
    expect(found.others.channels.map((channel) => channel.name)).toEqual(['busca-dois', 'busca_um', 'buscaxtres']);
    // `_` is a wildcard to `like`: searching for it must find only names that hold it.
    expect((await directory('?q=a_u')).others.channels.map((channel) => channel.name)).toEqual(['busca_um']);

    const page = await directory('?q=busca&limit=2');
    expect(page.others).toEqual({
      channels: [expect.objectContaining({ name: 'busca-dois' }), expect.objectContaining({ name: 'busca_um' })],
      next: 'busca_um',
    });
    const next = await directory('?q=busca&limit=2&after=busca_um');
    expect(next).toEqual({
      curated: [],
      others: { channels: [expect.objectContaining({ name: 'buscaxtres' })], next: null },
    });
    expect(await directory('?q=nada-assim')).toEqual({ curated: [], others: { channels: [], next: null } });
  });

  it('keeps its channels in memory until one changes, while the counts stay live', async () => {
    expect((await directory('?q=guardado')).others.channels).toEqual([]);
    await h.t.app.db.insertInto('channels').values({ name: 'guardado-aqui' }).execute();
    expect((await directory('?q=guardado')).others.channels).toEqual([
      { name: 'guardado-aqui', topic: null, users: 0, category: null },
    ]);
    await directory('?q=guardado');
    await h.joined(await h.member(), '#guardado-aqui');
    // at most the version read, whose cost depends on how this node hears other writers (not the question here).
    const executor = h.t.app.db.getExecutor();
    const original = executor.executeQuery.bind(executor);
    const tables: string[] = [];
    executor.executeQuery = ((query, ...rest) => {
      tables.push(query.sql.includes('channel_version') ? 'channel_version' : query.sql);
      return original(query, ...rest);
    }) as typeof executor.executeQuery;
    try {
      expect((await directory('?q=guardado')).others.channels[0]?.users).toBe(1);
    } finally {
      executor.executeQuery = original;
    }
    expect(tables.filter((table) => table !== 'channel_version')).toEqual([]);
  });

  it.each([
    [`q=${'a'.repeat(32)}`, { q: ['too_long'] }],
    ['limit=0', { limit: ['invalid_limit'] }],
    ['after=N%C3%A3o', { after: ['invalid_channel'] }],
  ])('refuses ?%s with validation_failed', async (query, errors) => {
    const res = await h.t.app.inject({ url: `/api/channel-directory?${query}` });
    expect({ status: res.statusCode, body: res.json() }).toEqual({
      status: 400,
      body: { message: 'validation_failed', errors },
    });
  });
});
