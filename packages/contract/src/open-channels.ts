import { z } from 'zod';
import { apiRoute } from './api-route.js';
import { channelNamePattern } from './channel-names.js';

/**
 * The channels a member keeps open (their tabs), kept per account so every device and every reload opens the same
 * ones. Only names are kept: what was said in them never reaches the server's storage.
 */

/** How many open channels an account keeps; opening one more forgets the one opened longest ago. */
export const maxOpenChannels = 50;

/** `PUT`/`DELETE /api/open-channels/:name`: a channel's name without '#'. */
export const openChannelParams = z.object({ name: z.string().regex(channelNamePattern, 'invalid_channel') });

/** Answer of every open-channels call: the names without '#', in the order they were opened. */
export const openChannelsAnswer = z.object({ channels: z.array(z.string()) });
export type OpenChannelsAnswer = z.infer<typeof openChannelsAnswer>;

/** A member's open channels: the list, and one name opened or closed per call. */
export const openChannelRoutes = {
  list: apiRoute({ method: 'GET', path: '/api/open-channels', answer: openChannelsAnswer, auth: 'member' }),
  open: apiRoute({
    method: 'PUT',
    path: '/api/open-channels/:name',
    params: openChannelParams,
    answer: openChannelsAnswer,
    auth: 'member',
  }),
  close: apiRoute({
    method: 'DELETE',
    path: '/api/open-channels/:name',
    params: openChannelParams,
    answer: openChannelsAnswer,
    auth: 'member',
  }),
};
