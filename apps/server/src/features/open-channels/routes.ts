import { openChannelRoutes as routes } from '@papo/contract/open-channels';
import { rooms } from '@papo/contract/socket-events';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { serve } from '../../lib/api-route.js';
import { closeChannel, listOpenChannels, openChannel } from './repo.js';

/**
 * Tells every socket of the member (every node, through the adapter) which tabs a call opened or closed, so their
 * other devices follow without a reload. Only changes are told (opening an open channel again is no news); a
 * channel forgotten past the cap is a close like any other.
 */
function announceChanges(
  app: FastifyInstance,
  userId: number,
  before: readonly string[],
  after: readonly string[],
): void {
  const room = app.io.to(rooms.user(userId));
  for (const channel of after) if (!before.includes(channel)) room.emit('open-channel', { channel, open: true });
  for (const channel of before) if (!after.includes(channel)) room.emit('open-channel', { channel, open: false });
}

/**
 * The channels a member keeps open, per account: the web client opens them again after a reload and on every other
 * device. Opening and closing are one name each, so two devices changing tabs at once never overwrite each other.
 */
export const openChannelRoutes: FastifyPluginAsync = async (app) => {
  serve(app, routes.list, async ({ user }) => ({ channels: await listOpenChannels(app.db, user.userId) }));

  serve(app, routes.open, async ({ params, user }) => {
    const before = await listOpenChannels(app.db, user.userId);
    const channels = await openChannel(app.db, user.userId, params.name);
    announceChanges(app, user.userId, before, channels);
    return { channels };
  });

  serve(app, routes.close, async ({ params, user }) => {
    const before = await listOpenChannels(app.db, user.userId);
    const channels = await closeChannel(app.db, user.userId, params.name);
    announceChanges(app, user.userId, before, channels);
    return { channels };
  });
};
