import { z } from 'zod';
import { channelNamePattern, type ChannelCategory } from './channel-names.js';
import { idParam } from './ids.js';

export { channelCategories, channelCategoryOrder, channelNamePattern, defaultChannel, type ChannelCategory } from './channel-names.js';

/** New channels may not start with this: `/home{name}` is the music page (decision 004). */
export const reservedChannelPrefix = 'home';

/** Channel levels of the spec; the intermediate step (nickname holder) has no number of its own. */
export const channelLevels = { user: 0, voiced: 3, operator: 5, master: 10, founder: 100 } as const;

/** Member-founded channels per page of `GET /api/channels`, by default and at most. */
export const channelPageSize = 50;
export const channelMaxPageSize = 100;

/** `GET /api/channels?after=<name>&limit=<n>`: the page of member-founded channels after `after`, by name. */
export const channelListQuery = z.object({
  after: z.string({ error: 'invalid_channel' }).regex(channelNamePattern, 'invalid_channel').optional(),
  limit: idParam('invalid_limit').pipe(z.number().max(channelMaxPageSize, 'invalid_limit')).optional().default(channelPageSize),
});

/** One channel (`GET /api/channels/{name}` and the lists' entries); the name without `#`. */
export interface ChannelSummary {
  name: string;
  topic: string | null;
}

export interface ChannelGroup {
  category: ChannelCategory;
  channels: ChannelSummary[];
}

/**
 * Answer of `GET /api/channels`: the curated channels by category in the Channels page's order (a short
 * list only staff and the seed extend), and one page of the channels members founded, by name; `next`
 * is the `after` of the following page, null on the last.
 */
export interface ChannelList {
  categories: ChannelGroup[];
  others: { channels: ChannelSummary[]; next: string | null };
}
