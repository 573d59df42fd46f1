import { channelCategories, channelCategoryOrder } from '@papo/contract/channels';
import type { FastifyPluginAsync } from 'fastify';
import { listChannels, type ChannelRow } from './repo.js';

interface ChannelGroup {
  category: string;
  channels: { name: string; topic: string | null }[];
}

/**
 * `GET /api/channels`: the public channels grouped by category, in the Channels page's order
 * (categories and the names inside them as the contract lists them; channels created later follow by name).
 */
export const channelRoutes: FastifyPluginAsync = async (app) => {
  app.get('/api/channels', async (): Promise<{ categories: ChannelGroup[] }> => {
    const rows = await listChannels(app.db);
    return { categories: channelCategoryOrder.map((category) => group(category, rows)) };
  });
};

function group(category: (typeof channelCategoryOrder)[number], rows: ChannelRow[]): ChannelGroup {
  const order: readonly string[] = channelCategories[category];
  const rank = (name: string) => (order.includes(name) ? order.indexOf(name) : order.length);
  const channels = rows
    .filter((row) => row.category === category)
    .sort((a, b) => rank(a.name) - rank(b.name) || a.name.localeCompare(b.name))
    .map(({ name, topic }) => ({ name, topic }));
  return { category, channels };
}
