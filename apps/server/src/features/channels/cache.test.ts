import type { ArticleCategory } from '@papo/contract/articles';
import type { ChannelList } from '@papo/contract/channels';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { hasRedis } from '../../test/cluster.js';
import { describeEachDialect } from '../../test/db.js';
import { startTwoNodes, type TwoNodes } from '../../test/nodes.js';
import { countQueries, versionReads } from '../search/test-support.js';

const list = async (app: FastifyInstance, url = '/api/channels'): Promise<ChannelList> => {
  const response = await app.inject({ url });
  expect(response.statusCode, url).toBe(200);
  return response.json<ChannelList>();
};
const topicOf = (channels: ChannelList, name: string) =>
  [...channels.categories.flatMap((group) => group.channels), ...channels.others.channels].find(
    (channel) => channel.name === name,
  )?.topic;
const names = (channels: ChannelList) =>
  [...channels.categories.flatMap((group) => group.channels), ...channels.others.channels].map((c) => c.name);

describeEachDialect('the channel list and article categories kept in memory, on one node', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ dialect });
  });
  afterAll(() => t.close());

  it('answers a repeated read from memory, reading only the version, with the same body and a 304 to its ETag', async () => {
    const first = await t.app.inject({ url: '/api/channels' });
    const queries = countQueries(t.app);
    try {
      const again = await t.app.inject({ url: '/api/channels' });
      expect(queries.count).toBe(versionReads(dialect));
      expect(again.body).toBe(first.body);
    } finally {
      queries.stop();
    }
    expect(first.headers['cache-control']).toBe('public, no-cache');
    const revalidated = await t.app.inject({
      url: '/api/channels',
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(revalidated.statusCode).toBe(304);
  });

  it('sees every change to the channels at the next read: a topic, a founded channel, a category, a dropped one', async () => {
    await list(t.app);
    await list(t.app, '/api/channels?limit=5');
    await t.app.db.updateTable('channels').set({ topic: 'Tópico novo' }).where('name', '=', 'barra').execute();
    expect(topicOf(await list(t.app), 'barra')).toBe('Tópico novo');

    await t.app.db.insertInto('channels').values({ name: 'fundado-agora' }).execute();
    expect(names(await list(t.app, '/api/channels?limit=5'))).toContain('fundado-agora');

    await t.app.db.updateTable('channels').set({ category: 'regional' }).where('name', '=', 'fundado-agora').execute();
    const regional = (await list(t.app)).categories.find((group) => group.category === 'regional')!;
    expect(regional.channels.map((channel) => channel.name)).toContain('fundado-agora');

    await t.app.db.deleteFrom('channels').where('name', '=', 'fundado-agora').execute();
    expect(names(await list(t.app))).not.toContain('fundado-agora');
  });

  it('keeps the article categories until one changes', async () => {
    const before = (await t.app.inject({ url: '/api/article-categories' })).json<ArticleCategory[]>();
    const queries = countQueries(t.app);
    try {
      await t.app.inject({ url: '/api/article-categories' });
      expect(queries.count).toBe(versionReads(dialect));
    } finally {
      queries.stop();
    }
    await t.app.db
      .updateTable('article_categories')
      .set({ name: 'Renomeada' })
      .where('id', '=', before[0]!.id)
      .execute();
    const after = (await t.app.inject({ url: '/api/article-categories' })).json<ArticleCategory[]>();
    expect(after[0]!.name).toBe('Renomeada');
  });
});

describe.skipIf(!hasRedis)('the channel list across two nodes', () => {
  let cluster: TwoNodes;
  beforeAll(async () => {
    cluster = await startTwoNodes(process.env.TEST_REDIS_URL!);
  });
  afterAll(() => cluster.close());

  it('a topic set through one node is seen by the next read on the other', async () => {
    const [a, b] = cluster.nodes;
    await list(b);
    await a.db.updateTable('channels').set({ topic: 'Visto no nó B' }).where('name', '=', 'rio').execute();
    expect(topicOf(await list(b), 'rio')).toBe('Visto no nó B');
  });
});
