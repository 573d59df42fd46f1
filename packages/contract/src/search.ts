import { z } from 'zod';

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

/** `article` links to /blog/{slug}, `lyric` to /lyrics/{slug}; further kinds (e.g. `person`, /person/{id}) join later. */
export type SearchResultType = 'article' | 'lyric' | (string & {});

export interface SearchResult {
  id: number;
  type: SearchResultType;
  slug: string;
  title: string;
  /** A short plain-text passage around the first match. */
  shortContent: string;
  cover: string | null;
}

/**
 * `GET /api/search` and `GET /api/search_lyrics`: when a correction of the query finds more than it, the correction
 * (`suggestion`) and, unless `exact` was asked, its results.
 */
export interface SearchResponse {
  results: SearchResult[];
  /** A corrected query that finds more than this one did, or null. */
  suggestion: string | null;
  /** The query the results belong to: the suggestion, or the query as typed. */
  usedQuery: string;
}

export type LyricsSearchResponse = SearchResponse;
