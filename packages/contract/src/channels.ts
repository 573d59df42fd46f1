import { z } from 'zod';
import { apiRoute } from './api-route.js';
import { channelCategories, channelNamePattern, type ChannelCategory } from './channel-names.js';
import { idParam } from './ids.js';
import { pageSections } from './page-sections.js';

export {
  channelCategories,
  channelCategoryOrder,
  channelNamePattern,
  defaultChannel,
  type ChannelCategory,
} from './channel-names.js';

/** New channels may not start with this: `/home{name}` is the music page (decision 004). */
export const reservedChannelPrefix = 'home';

/**
 * Names no new channel may take: a channel's page is `/<name>`, so a channel named after the first segment of one of
 * the site's pages (`/irc`, `/blog/…`, `/pvt/:id`) or of the server's own paths (`/api`, `/uploads/…`) could never be
 * opened at its address. Founding one is refused with `channel_name_reserved`; the pages' names are the route table's
 * sections (page-sections.ts, which a web test holds the route table to).
 */
export const reservedChannelNames: readonly string[] = [
  // lowercased, as the router matches paths in any case (`/bioedit` is `/bioEdit`).
  ...pageSections.map((section) => section.toLowerCase()),
  // The server's own paths, answered before the web's pages.
  'api',
  'assets',
  'healthz',
  'media',
  'metrics',
  'readyz',
  'uploads',
];

/** Whether a new channel may not be named `name` (without '#') because it is a page's address. */
export function isReservedChannelName(name: string): boolean {
  return reservedChannelNames.includes(name);
}

/** Channel levels of the spec; the intermediate step (nickname holder) has no number of its own. */
export const channelLevels = { user: 0, voiced: 3, operator: 5, master: 10, founder: 100 } as const;

/** Member-founded channels per page of `GET /api/channels`, by default and at most. */
export const channelPageSize = 50;
export const channelMaxPageSize = 100;

/** `GET /api/channels?after=<name>&limit=<n>`: the page of member-founded channels after `after`, by name. */
export const channelListQuery = z.object({
  after: z.string({ error: 'invalid_channel' }).regex(channelNamePattern, 'invalid_channel').optional(),
  limit: idParam('invalid_limit')
    .pipe(z.number().max(channelMaxPageSize, 'invalid_limit'))
    .optional()
    .default(channelPageSize),
});

/** One channel (`GET /api/channels/{name}` and the lists' entries); the name without `#`. */
export const channelSummaryAnswer = z.object({ name: z.string(), topic: z.string().nullable() });
export type ChannelSummary = z.infer<typeof channelSummaryAnswer>;

/** A curated list's name. */
export const channelCategory = z.custom<ChannelCategory>(
  (value) => typeof value === 'string' && Object.hasOwn(channelCategories, value),
);
const channelGroup = z.object({ category: channelCategory, channels: z.array(channelSummaryAnswer) });
export type ChannelGroup = z.infer<typeof channelGroup>;

/**
 * Answer of `GET /api/channels`: the curated channels by category in the Channels page's order (a short
 * list only staff and the seed extend), and one page of the channels members founded, by name; `next`
 * is the `after` of the following page, null on the last.
 */
export const channelListAnswer = z.object({
  categories: z.array(channelGroup),
  others: z.object({ channels: z.array(channelSummaryAnswer), next: z.string().nullable() }),
});
export type ChannelList = z.infer<typeof channelListAnswer>;

/** The channel lists and one channel, for everyone. */
export const channelRoutes = {
  list: apiRoute({
    method: 'GET',
    path: '/api/channels',
    query: channelListQuery,
    keptQuery: true,
    answer: channelListAnswer,
    auth: 'public',
  }),
  /** What a visitor's page of one channel shows; an address that is no channel is 404 `channel_not_found`. */
  one: apiRoute({
    method: 'GET',
    path: '/api/channels/:name',
    params: z.object({ name: z.string().regex(channelNamePattern) }),
    paramsError: { name: { status: 404, key: 'channel_not_found' } },
    answer: channelSummaryAnswer,
    auth: 'public',
  }),
};
