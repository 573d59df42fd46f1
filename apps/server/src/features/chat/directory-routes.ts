import { chatRoutes, type FavoriteChannelsAnswer } from '@papo/contract/chat';
import type { FastifyInstance } from 'fastify';
import { serve } from '../../lib/api-route.js';
import type { ChatContext } from './context.js';
import { memberReadCache } from '../users/index.js';
import { listFavoriteChannels } from './favorite-repo.js';
import { starChannel, unstarChannel } from './favorites.js';
import { whois } from './whois.js';
import { sendKept } from '../../lib/shared-cache.js';

/** Favourite channels and NickServ's whois. */
export function registerDirectoryRoutes(app: FastifyInstance, ctx: ChatContext): void {
  const favorites = memberReadCache<FavoriteChannelsAnswer>(app, 'favorites', async (userId) => ({
    favorite_channels: await listFavoriteChannels(ctx.db, userId),
  }));
  // not async: a kept list is sent without a promise (sendKept).
  serve(app, chatRoutes.favoriteChannels, ({ user, request, reply }) =>
    sendKept(request, reply, favorites.read(user.userId), { audience: 'member' }),
  );

  serve(app, chatRoutes.addFavoriteChannel, async ({ body, user }) => ({
    favorite_channels: await starChannel(ctx.db, user.userId, body.channel),
  }));

  serve(app, chatRoutes.removeFavoriteChannel, async ({ params, user }) => ({
    favorite_channels: await unstarChannel(ctx.db, user.userId, params.name),
  }));

  serve(app, chatRoutes.whois, ({ query }) => whois(ctx.db, query.username));
}
