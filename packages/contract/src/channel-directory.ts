import { z } from 'zod';
import { apiRoute } from './api-route.js';
import { channelCategory, channelListQuery } from './channels.js';

/** The longest search `GET /api/channel-directory` takes (a channel name is at most 30 characters, `#` aside). */
export const channelSearchMaxLength = 31;

/**
 * `GET /api/channel-directory?q=<text>&after=<name>&limit=<n>`: every channel whose name holds `q` (case and a
 * leading `#` ignored), the curated ones first, then a page of the member-founded ones by name after `after`.
 */
export const channelDirectoryQuery = channelListQuery.extend({
  q: z
    .string({ error: 'too_long' })
    .max(channelSearchMaxLength, 'too_long')
    .transform((value) => value.trim().replace(/^#/, '').toLowerCase())
    .optional(),
});
export type ChannelDirectoryQuery = z.input<typeof channelDirectoryQuery>;

/** One channel of the directory: `users` is how many members are in it now, on every node. */
const directoryChannel = z.object({
  name: z.string(),
  topic: z.string().nullable(),
  users: z.number(),
  /** The curated category; null for a channel a member founded. */
  category: channelCategory.nullable(),
});
export type DirectoryChannel = z.infer<typeof directoryChannel>;

/**
 * Answer of `GET /api/channel-directory`: the curated channels that match (on the first page only, in the Channels
 * page's order), then one page of the member-founded ones by name; `next` is the `after` of the following page.
 */
export const channelDirectoryAnswer = z.object({
  curated: z.array(directoryChannel),
  others: z.object({ channels: z.array(directoryChannel), next: z.string().nullable() }),
});
export type ChannelDirectory = z.infer<typeof channelDirectoryAnswer>;

/** What the Channels page searches, for everyone. */
export const channelDirectoryRoutes = {
  search: apiRoute({
    method: 'GET',
    path: '/api/channel-directory',
    query: channelDirectoryQuery,
    keptQuery: true,
    answer: channelDirectoryAnswer,
    auth: 'public',
  }),
};
