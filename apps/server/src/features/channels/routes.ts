import { channelCategories, channelCategoryOrder, channelListQuery, type ChannelGroup, type ChannelList } from '@papo/contract/channels';
import type { FastifyPluginAsync } from 'fastify';
import { parseQuery } from '../../lib/http-error.js';
import { listCategorisedChannels, listOtherChannels, type CategorisedChannel } from './repo.js';

/**
 * `GET /api/channels`: the public channels grouped by category, in the Channels page's order
 * (categories and the names inside them as the contract lists them; channels created later follow by name),
 * and a page of the channels members founded (`?after=<name>&limit=<n>`).
 */
export const channelRoutes: FastifyPluginAsync = async (app) => {
  app.get('/api/channels', async (request): Promise<ChannelList> => {
    const { after, limit } = parseQuery(channelListQuery, request.query);
    // NOTE: one row more than the page tells whether another page follows without counting the table.
    const [categorised, others] = await Promise.all([listCategorisedChannels(app.db), listOtherChannels(app.db, after, limit + 1)]);
    const page = others.slice(0, limit);
    return {
      categories: channelCategoryOrder.map((category) => group(category, categorised)),
      others: { channels: page, next: others.length > limit ? page.at(-1)!.name : null },
    };
  });
};

function group(category: (typeof channelCategoryOrder)[number], rows: CategorisedChannel[]): ChannelGroup {
  const order: readonly string[] = channelCategories[category];
  const rank = (name: string) => (order.includes(name) ? order.indexOf(name) : order.length);
  const channels = rows
    .filter((row) => row.category === category)
    .sort((a, b) => rank(a.name) - rank(b.name) || a.name.localeCompare(b.name))
    .map(({ name, topic }) => ({ name, topic }));
  return { category, channels };
}
