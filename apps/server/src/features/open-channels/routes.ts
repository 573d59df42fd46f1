import { openChannelParams, type OpenChannelsAnswer } from '@papo/contract/open-channels';
import type { FastifyPluginAsync } from 'fastify';
import { currentUser, signedIn } from '../../lib/guard.js';
import { parseParams } from '../../lib/http-error.js';
import { closeChannel, listOpenChannels, openChannel } from './repo.js';

/**
 * The channels a member keeps open, per account: the web client opens them again after a reload and on every other
 * device. Opening and closing are one name each, so two devices changing tabs at once never overwrite each other.
 */
export const openChannelRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('onRequest', signedIn);

  app.get('/api/open-channels', async (request): Promise<OpenChannelsAnswer> => ({
    channels: await listOpenChannels(app.db, currentUser(request).userId),
  }));

  app.put('/api/open-channels/:name', async (request): Promise<OpenChannelsAnswer> => {
    const { name } = parseParams(openChannelParams, request.params);
    return { channels: await openChannel(app.db, currentUser(request).userId, name) };
  });

  app.delete('/api/open-channels/:name', async (request): Promise<OpenChannelsAnswer> => {
    const { name } = parseParams(openChannelParams, request.params);
    return { channels: await closeChannel(app.db, currentUser(request).userId, name) };
  });
};
