import { channelDirectoryRoutes as routes, type DirectoryChannel } from '@papo/contract/channel-directory';
import type { ChannelCategory, ChannelSummary } from '@papo/contract/channels';
import { rooms } from '@papo/contract/socket-events';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { serve } from '../../lib/api-route.js';
import { cachesOf } from '../../lib/shared-cache.js';
import { inPageOrder } from './order.js';
import { searchCategorisedChannels, searchOtherChannels } from './repo.js';

/** A directory page as read from the database: the channels without their counts. */
interface DirectoryRows {
  curated: (ChannelSummary & { category: ChannelCategory })[];
  others: ChannelSummary[];
  next: string | null;
}

/** Directory pages (search, page) kept per node; the first page without a search is nearly every visit. */
const pagesKept = 200;

/**
 * `GET /api/channel-directory`: what the Channels page searches, every channel with how many members are in it now.
 * the channels of a page come from memory until `channel_version` moves (any change to the channels table, on
 * any node), like `GET /api/channels`; the counts, which move with every join and part, are added at each answer
 * from presence (this node's memory, fed by every node), so an answer reads no table.
 */
export const channelDirectoryRoutes: FastifyPluginAsync = async (app) => {
  const pages = cachesOf(app).cache(
    'channel-directory',
    async (key: string): Promise<DirectoryRows> => {
      const [q, after, limit] = key.split('\u0000');
      const search = q || undefined;
      const size = Number(limit);
      // one row more than the page tells whether another page follows without counting the table.
      const [curated, others] = await Promise.all([
        after ? Promise.resolve([]) : searchCategorisedChannels(app.db, search),
        searchOtherChannels(app.db, search, after || undefined, size + 1),
      ]);
      const page = others.slice(0, size);
      return {
        curated: inPageOrder(curated),
        others: page,
        next: others.length > size ? (page.at(-1)?.name ?? null) : null,
      };
    },
    { version: 'channel_version', maxEntries: pagesKept },
  );

  serve(app, routes.search, async ({ query: { q, after, limit } }) => {
    const kept = await pages.read(`${q ?? ''}\u0000${after ?? ''}\u0000${limit}`);
    if (!kept) throw new Error('a directory page is always read');
    const users = usersIn(app);
    const { curated, others, next } = kept.value;
    return {
      curated: curated.map(({ name, topic, category }) => ({ name, topic, users: users(name), category })),
      others: { channels: others.map((channel) => entry(channel, users)), next },
    };
  });
};

/** How many members are in a channel now, on every node (0 on a node put together without real-time). */
export function usersIn(app: FastifyInstance): (name: string) => number {
  if (!app.hasDecorator('realtime')) return () => 0;
  const { presence } = app.realtime;
  return (name) => presence.count(rooms.channel(name));
}

function entry({ name, topic }: ChannelSummary, users: (name: string) => number): DirectoryChannel {
  return { name, topic, users: users(name), category: null };
}
