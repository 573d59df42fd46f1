import { z } from 'zod';

/** Blog and lyrics search (public-site §2.4, §3 Search result, §5, §7). */

export const searchQueryLimits = { min: 1, max: 100 } as const;
/** Results answered per search. */
export const searchResultLimit = 20;

/** `?q=`: 1–100 characters after trimming. Any text is accepted; operators in it are searched as words. */
export const searchQuery = z.object({
  q: z
    .string({ error: 'search_query_required' })
    .trim()
    .min(searchQueryLimits.min, 'search_query_required')
    .max(searchQueryLimits.max, 'search_query_too_long'),
});

/** `GET /api/search_lyrics?q=&exact=1`: `exact` answers the query's own results, never the suggestion's ("search instead for"). */
export const lyricsSearchQuery = searchQuery.extend({
  exact: z.enum(['0', '1'], { error: 'invalid_value' }).optional(),
});

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

/** `GET /api/search`. */
export interface SearchResponse {
  results: SearchResult[];
  /** A corrected query that finds more than this one did, or null. */
  suggestion: string | null;
}

/** `GET /api/search_lyrics`: when the query found nothing and its suggestion did, the results are the suggestion's. */
export interface LyricsSearchResponse extends SearchResponse {
  /** The query the results belong to. */
  usedQuery: string;
}
