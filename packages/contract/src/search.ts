import { z } from 'zod';
import { apiRoute } from './api-route.js';

/** Blog and lyrics search (public-site §2.4, §3 Search result, §5, §7). */

export const searchQueryLimits = { min: 1, max: 100 } as const;
/** Results answered per search. */
export const searchResultLimit = 20;

/**
 * `?q=&exact=1`: q is 1–100 characters after trimming; any text is accepted, operators in it are searched as words.
 * `exact` answers the query's own results, never its correction's ("search exactly for …").
 */
export const searchQuery = z.object({
  q: z
    .string({ error: 'search_query_required' })
    .trim()
    .min(searchQueryLimits.min, 'search_query_required')
    .max(searchQueryLimits.max, 'search_query_too_long'),
  exact: z.enum(['0', '1'], { error: 'invalid_value' }).optional(),
});

/** The lyrics search takes the same parameters as the blog's. */
export const lyricsSearchQuery = searchQuery;

const searchResultAnswer = z.object({
  id: z.number(),
  /** `article` links to /blog/{slug}, `lyric` to /lyrics/{slug}; further kinds (`person`, /person/{id}) join later. */
  type: z.string(),
  slug: z.string(),
  title: z.string(),
  /** A short plain-text passage around the first match. */
  shortContent: z.string(),
  cover: z.string().nullable(),
});
export type SearchResult = z.infer<typeof searchResultAnswer>;

/**
 * `GET /api/search` and `GET /api/search_lyrics`: when a correction of the query finds more than it, the correction
 * (`suggestion`) and, unless `exact` was asked, its results.
 */
const searchAnswer = z.object({
  results: z.array(searchResultAnswer),
  /** A corrected query that finds more than this one did, or null. */
  suggestion: z.string().nullable(),
  /** The query the results belong to: the suggestion, or the query as typed. */
  usedQuery: z.string(),
});
export type SearchResponse = z.infer<typeof searchAnswer>;
export type LyricsSearchResponse = SearchResponse;

/**
 * Public reads answered from memory with an ETag; each distinct query string is parsed once (the common searches
 * repeat).
 */
export const searchRoutes = {
  blog: apiRoute({
    method: 'GET',
    path: '/api/search',
    query: searchQuery,
    keptQuery: true,
    answer: searchAnswer,
    auth: 'public',
  }),
  lyrics: apiRoute({
    method: 'GET',
    path: '/api/search_lyrics',
    query: lyricsSearchQuery,
    keptQuery: true,
    answer: searchAnswer,
    auth: 'public',
  }),
};
