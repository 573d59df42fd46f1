import { z } from 'zod';
import { apiRoute } from './api-route.js';
import { channelField } from './chat.js';

/** `GET /api/channel-bans?channel=<name>`: the bans in force in a channel, for its operators and above. */
export const channelBansQuery = z.object({ channel: channelField() });

/** One ban in force: who, by whom (null once that account is gone), why, and until when (null: until lifted). */
const channelBan = z.object({
  userId: z.number(),
  nickname: z.string(),
  by: z.string().nullable(),
  reason: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
});
export type ChannelBan = z.infer<typeof channelBan>;

/** Answer of `GET /api/channel-bans`, newest first. Lifting one is `POST /api/unban`. */
export const channelBanListAnswer = z.object({ channel: z.string(), bans: z.array(channelBan) });
export type ChannelBanList = z.infer<typeof channelBanListAnswer>;

/** ChanServ's list of bans, for a channel's operators and above. */
export const channelBanRoutes = {
  list: apiRoute({
    method: 'GET',
    path: '/api/channel-bans',
    query: channelBansQuery,
    answer: channelBanListAnswer,
    auth: 'member',
  }),
};
