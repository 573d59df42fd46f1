import { z } from 'zod';
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
export interface OpenChannelsAnswer {
  channels: string[];
}
