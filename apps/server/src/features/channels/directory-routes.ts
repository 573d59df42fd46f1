import { channelDirectoryQuery, type ChannelDirectory, type DirectoryChannel } from '@papo/contract/channel-directory';
import type { ChannelSummary } from '@papo/contract/channels';
import { rooms } from '@papo/contract/socket-events';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { parseRequestQuery } from '../../lib/http-error.js';
import { inPageOrder } from './order.js';
import { searchCategorisedChannels, searchOtherChannels } from './repo.js';

/**
 * `GET /api/channel-directory`: what the Channels page searches, every channel with how many members are in it now.
 * NOTE: not kept like `GET /api/channels`: the counts move with every join and part, and they come from presence
 * (this node's memory, fed by every node), so an answer costs the index reads and no more.
 */
export const channelDirectoryRoutes: FastifyPluginAsync = async (app) => {
  app.get('/api/channel-directory', async (request): Promise<ChannelDirectory> => {
    const { q, after, limit } = parseRequestQuery(channelDirectoryQuery, request);
    const search = q || undefined;
    // NOTE: one row more than the page tells whether another page follows without counting the table.
    const [curated, others] = await Promise.all([
      after === undefined ? searchCategorisedChannels(app.db, search) : Promise.resolve([]),
      searchOtherChannels(app.db, search, after, limit + 1),
    ]);
    const users = usersIn(app);
    const page = others.slice(0, limit);
    return {
      curated: inPageOrder(curated).map((channel) => ({ ...entry(channel, users), category: channel.category })),
      others: { channels: page.map((channel) => entry(channel, users)), next: others.length > limit ? (page.at(-1)?.name ?? null) : null },
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
