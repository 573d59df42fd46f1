import type { LyricsSearchResponse, SearchResponse } from '@papo/contract/search';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { publicContentStaleTime } from '../../../lib/public-content';
import { retryServerErrors } from '../../../lib/retry';
import { articleKeys } from './keys';

/** `GET /api/search?q=`: blog results, a did-you-mean suggestion and the query the results belong to; `exact` never substitutes. Idle while `q` is blank. */
export function useBlogSearch(q: string, exact: boolean) {
  return useQuery({
    queryKey: articleKeys.search(q, exact),
    queryFn: ({ signal }) =>
      apiFetch<SearchResponse>('/api/search', { query: { q, exact: exact ? '1' : undefined }, auth: false, signal }),
    enabled: q.trim() !== '',
    staleTime: publicContentStaleTime,
    retry: retryServerErrors,
  });
}

/** `GET /api/search_lyrics?q=`: results, suggestion and the query the results belong to; `exact` never substitutes. */
export function useLyricsSearch(q: string, exact: boolean) {
  return useQuery({
    queryKey: articleKeys.searchLyrics(q, exact),
    queryFn: ({ signal }) =>
      apiFetch<LyricsSearchResponse>('/api/search_lyrics', {
        query: { q, exact: exact ? '1' : undefined },
        auth: false,
        signal,
      }),
    enabled: q.trim() !== '',
    staleTime: publicContentStaleTime,
    retry: retryServerErrors,
  });
}
