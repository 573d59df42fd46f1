import { z } from 'zod';
import { idParam } from './ids.js';

/** The four lists of the Channels page, in the spec's order. Names are without the leading '#'. */
export const channelCategories = {
  regional: ['barra', 'rio', 'sampa', 'brasil', 'portugal', 'lisboa', 'cascais', 'porto', 'america', 'losangeles', 'miami'],
  relations: [
    'instafollow', '25a35anos', '35a45anos', '45a55anos', 'coroas', 'traveler', 'ajuda',
    'bar-do-johhnie', 'ensemblemodels', 'ganhedinheiro', 'culturafrancesa',
  ],
  music: ['swifties', 'harrystyles', 'onedirection', 'sertanejo', 'billieeilish', 'pinkfloyd'],
  entertainment: ['netflix', 'lestepe', 'globo', 'amazonprime', 'twoandahalfmen', 'casamentoascegas'],
} as const;

export type ChannelCategory = keyof typeof channelCategories;

export const channelCategoryOrder: readonly ChannelCategory[] = ['regional', 'relations', 'music', 'entertainment'];

/** Where a member lands when no channel is named and they have no favourite. */
export const defaultChannel = 'barra';

/** New channels may not start with this: `/home{name}` is the music page (decision 004). */
export const reservedChannelPrefix = 'home';

/** Lowercase letters, digits, '-' and '_', up to 30 characters. */
export const channelNamePattern = /^[a-z0-9_-]{1,30}$/;

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
