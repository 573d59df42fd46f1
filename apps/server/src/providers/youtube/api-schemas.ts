import { z } from 'zod';

/*
 * The parts of the YouTube Data API v3 answers Papo reads, as documented
 * (developers.google.com/youtube/v3/docs). Fields Papo does not read are ignored; a missing
 * required field makes the answer "malformed", so it is never half-mapped.
 */

const thumbnail = z.object({ url: z.string(), width: z.number().optional(), height: z.number().optional() });

const thumbnailsSchema = z
  .object({
    default: thumbnail.optional(),
    medium: thumbnail.optional(),
    high: thumbnail.optional(),
    standard: thumbnail.optional(),
    maxres: thumbnail.optional(),
  })
  .default({});

export type Thumbnails = z.infer<typeof thumbnailsSchema>;

/** channels.list?part=contentDetails */
export const channelsAnswer = z.object({
  items: z
    .array(z.object({ contentDetails: z.object({ relatedPlaylists: z.object({ uploads: z.string() }) }) }))
    .default([]),
});

/** playlists.list?part=snippet */
export const playlistsAnswer = z.object({
  items: z.array(z.object({ id: z.string(), snippet: z.object({ title: z.string() }) })).default([]),
});

/** playlistItems.list?part=snippet; deleted and private videos come without thumbnails. */
export const playlistItemsAnswer = z.object({
  items: z
    .array(
      z.object({
        snippet: z.object({
          title: z.string(),
          thumbnails: thumbnailsSchema,
          resourceId: z.object({ videoId: z.string().optional() }),
        }),
      }),
    )
    .default([]),
});

/** videos.list?part=snippet,contentDetails,statistics */
export const videosAnswer = z.object({
  items: z
    .array(
      z.object({
        snippet: z.object({
          title: z.string(),
          description: z.string().default(''),
          publishedAt: z.string(),
          thumbnails: thumbnailsSchema,
          tags: z.array(z.string()).default([]),
        }),
        contentDetails: z.object({ duration: z.string().default('') }),
        // counts are decimal strings in the API; hidden counts are absent.
        statistics: z.object({ viewCount: z.string().optional() }).default({}),
      }),
    )
    .default([]),
});

/** search.list?part=snippet&type=video */
export const searchAnswer = z.object({
  nextPageToken: z.string().optional(),
  items: z
    .array(
      z.object({
        id: z.object({ videoId: z.string().optional() }),
        snippet: z.object({ title: z.string(), description: z.string().default(''), thumbnails: thumbnailsSchema }),
      }),
    )
    .default([]),
});
