import { channelNamePattern } from '@papo/contract/channels';
import type { FastifyInstance } from 'fastify';
import type { PreviewSource } from '../../lib/social-preview.js';
import type { SitemapSource } from '../site/index.js';
import { findChannel } from '../chat/index.js';

/** The route of a channel's page (`/{name}`) in the web's route table; its slug variant (`/home…`, music) is another. */
const channelRoute = 'channel';

/**
 * Previews of a channel's page (`/{name}`), asked only for addresses the web's route table gives the channel route
 * (not `/blog`, nor the music page's `/home…`): a name that is no channel is the 404 page, as the visitor's page of it
 * shows (`GET /api/channels/{name}` answers 404); a member who opens it founds it (the browser shows them the chat).
 */
export function channelPreviews(app: FastifyInstance): PreviewSource {
  return async (pathname, route) => {
    if (route !== channelRoute) return null;
    const name = pathname.replace(/^\/|\/$/g, '');
    const channel = channelNamePattern.test(name) ? await findChannel(app.db, name) : undefined;
    if (!channel) return { found: false };
    const title = `#${channel.name}`;
    return {
      found: true,
      preview: { title, description: channel.topic || title, path: `/${channel.name}`, image: null, type: 'website' },
    };
  };
}

/** Every channel's public page (`/{name}`), for the sitemap, with its last change: its topic's, else its creation. */
export function channelSitemap(app: FastifyInstance): SitemapSource {
  return async () => {
    const rows = await app.db
      .selectFrom('channels')
      .select(['name', 'topic_at', 'created_at'])
      .orderBy('name')
      .execute();
    return rows
      .filter((row) => channelNamePattern.test(row.name))
      .map((row) => ({ path: `/${row.name}`, modifiedAt: row.topic_at ?? row.created_at }));
  };
}
