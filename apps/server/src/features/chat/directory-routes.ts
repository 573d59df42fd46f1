import {
  channelField,
  favoriteChannelBody,
  whoisQuery,
  type FavoriteChannelsAnswer,
  type WhoisAnswer,
} from '@papo/contract/chat';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parseBody, parseParams, parseQuery } from '../../lib/http-error.js';
import { currentUser } from '../../lib/guard.js';
import type { ChatContext } from './context.js';
import { memberReadCache } from '../users/index.js';
import { listFavoriteChannels } from './favorite-repo.js';
import { starChannel, unstarChannel } from './favorites.js';
import { whois } from './whois.js';
import { sendKept } from '../../lib/shared-cache.js';

const favoriteParams = z.object({ name: channelField() });

/** Favourite channels and NickServ's whois. */
export function registerDirectoryRoutes(app: FastifyInstance, ctx: ChatContext): void {
  const favorites = memberReadCache<FavoriteChannelsAnswer>(app, 'favorites', async (userId) => ({
    favorite_channels: await listFavoriteChannels(ctx.db, userId),
  }));
  // NOTE: not async: a kept list is sent without a promise (sendKept).
  app.get('/api/favorite-channels', (request, reply) =>
    sendKept(request, reply, favorites.read(currentUser(request).userId), { audience: 'member' }),
  );

  app.post('/api/favorite-channels', async (request): Promise<FavoriteChannelsAnswer> => {
    const { channel } = parseBody(favoriteChannelBody, request.body);
    return { favorite_channels: await starChannel(ctx.db, currentUser(request).userId, channel) };
  });

  app.delete('/api/favorite-channels/:name', async (request): Promise<FavoriteChannelsAnswer> => {
    const { name } = parseParams(favoriteParams, request.params);
    return { favorite_channels: await unstarChannel(ctx.db, currentUser(request).userId, name) };
  });

  app.get('/api/nickserv-whois', async (request): Promise<WhoisAnswer> => {
    const { username } = parseQuery(whoisQuery, request.query);
    return whois(ctx.db, username);
  });
}
