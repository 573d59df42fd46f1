import {
  channelCategoryOrder,
  channelRoutes as routes,
  type ChannelGroup,
  type ChannelList,
} from '@papo/contract/channels';
import type { FastifyPluginAsync } from 'fastify';
import { serve } from '../../lib/api-route.js';
import { httpError } from '../../lib/http-error.js';
import { findChannel } from '../chat/index.js';
import { cachesOf, sendKept } from '../../lib/shared-cache.js';
import { channelDirectoryRoutes } from './directory-routes.js';
import { inPageOrder } from './order.js';
import { listCategorisedChannels, listOtherChannels, type CategorisedChannel } from './repo.js';

/**
 * `GET /api/channels`: the public channels grouped by category, in the Channels page's order
 * (categories and the names inside them as the contract lists them; channels created later follow by name),
 * and a page of the channels members founded (`?after=<name>&limit=<n>`).
 */
export const channelRoutes: FastifyPluginAsync = async (app) => {
  await app.register(channelDirectoryRoutes);
  // pages come from memory, with an ETag, until `channel_version` moves (migration 2026_11_27_500): any
  // change to the channels table (founded, topic, category, dropped), by any writer on any node.
  const pages = cachesOf(app).cache(
    'channel-pages',
    async (key: string): Promise<ChannelList> => {
      const [after, limit] = pageOf(key);
      // one row more than the page tells whether another page follows without counting the table.
      const [categorised, others] = await Promise.all([
        listCategorisedChannels(app.db),
        listOtherChannels(app.db, after, limit + 1),
      ]);
      const page = others.slice(0, limit);
      const ordered = inPageOrder(categorised);
      return {
        categories: channelCategoryOrder.map((category) => group(category, ordered)),
        others: { channels: page, next: others.length > limit ? (page.at(-1)?.name ?? null) : null },
      };
    },
    { version: 'channel_version', maxEntries: pagesKept },
  );

  serve(app, routes.list, ({ query: { after, limit }, request, reply }) =>
    sendKept(request, reply, pages.read(`${after ?? ''}\u0000${limit}`), { audience: 'public' }),
  );

  // what a visitor's page of one channel shows (its name and topic), and whether the address is a channel at
  // all: an unknown top-level path is a 404 page.
  serve(app, routes.one, async ({ params }) => {
    const channel = await findChannel(app.db, params.name);
    if (!channel) throw httpError(404, 'channel_not_found');
    return { name: channel.name, topic: channel.topic };
  });
};

/** The `after` and `limit` of a page's key (`after\u0000limit`; no `after` for the first page). */
function pageOf(key: string): [string | undefined, number] {
  const [after = '', limit = ''] = key.split('\u0000');
  return [after || undefined, Number(limit)];
}

/** Channel list pages kept per node (the first page is the one nearly every visitor asks for). */
const pagesKept = 200;

function group(category: (typeof channelCategoryOrder)[number], ordered: CategorisedChannel[]): ChannelGroup {
  return {
    category,
    channels: ordered.filter((row) => row.category === category).map(({ name, topic }) => ({ name, topic })),
  };
}
