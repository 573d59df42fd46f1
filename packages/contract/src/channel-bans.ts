import { z } from 'zod';
import { channelField } from './chat.js';

/** `GET /api/channel-bans?channel=<name>`: the bans in force in a channel, for its operators and above. */
export const channelBansQuery = z.object({ channel: channelField() });

/** One ban in force: who, by whom (null once that account is gone), why, and until when (null: until lifted). */
export interface ChannelBan {
  userId: number;
  nickname: string;
  by: string | null;
  reason: string | null;
  createdAt: string;
  expiresAt: string | null;
}

/** Answer of `GET /api/channel-bans`, newest first. Lifting one is `POST /api/unban`. */
export interface ChannelBanList {
  channel: string;
  bans: ChannelBan[];
}
