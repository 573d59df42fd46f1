import { channelNamePattern } from '@papo/contract/channels';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { readPageAnswer, type PreviewSource } from '../../lib/social-preview.js';
import type { SitemapSource } from '../site/index.js';

/** The route of a channel's page (`/{name}`) in the web's route table; its slug variant (`/home…`, music) is another. */
const channelRoute = 'channel';

/** What a preview reads of `GET /api/channels/{name}`. */
const channelAnswer = z.object({ name: z.string(), topic: z.string().nullable() });

/**
 * Previews of a channel's page (`/{name}`), asked only for addresses the web's route table gives the channel route
 * (not `/blog`, nor the music page's `/home…`): a name that is no channel is the 404 page, as the visitor's page of it
 * shows (`GET /api/channels/{name}` answers 404); a member who opens it founds it (the browser shows them the chat).
 * Read from that answer, the one the page shows, so a page not kept reads its channel once.
 */
export function channelPreviews(): PreviewSource {
  return async (pathname, route, api) => {
    if (route !== channelRoute) return null;
    const name = pathname.replace(/^\/|\/$/g, '');
    const answer = channelNamePattern.test(name)
      ? channelAnswer.safeParse(await readPageAnswer(api, `/api/channels/${encodeURIComponent(name)}`))
      : null;
    const channel = answer?.success ? answer.data : undefined;
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
