import { searchRoutes } from '@papo/contract/browser-routes/search';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { publicContentStaleTime } from '../../../lib/public-content';
import { retryServerErrors } from '../../../lib/retry';
import { articleKeys } from './keys';

/** `GET /api/search?q=`: blog results, a did-you-mean suggestion and the query the results belong to; `exact` never substitutes. Idle while `q` is blank. */
export function useBlogSearch(q: string, exact: boolean) {
  return useQuery({
    queryKey: articleKeys.search(q, exact),
    queryFn: ({ signal }) => api(searchRoutes.blog, { query: { q, exact: exact ? '1' : undefined }, signal }),
    enabled: q.trim() !== '',
    staleTime: publicContentStaleTime,
    retry: retryServerErrors,
  });
}

/** `GET /api/search_lyrics?q=`: results, suggestion and the query the results belong to; `exact` never substitutes. */
export function useLyricsSearch(q: string, exact: boolean) {
  return useQuery({
    queryKey: articleKeys.searchLyrics(q, exact),
    queryFn: ({ signal }) => api(searchRoutes.lyrics, { query: { q, exact: exact ? '1' : undefined }, signal }),
    enabled: q.trim() !== '',
    staleTime: publicContentStaleTime,
    retry: retryServerErrors,
  });
}
