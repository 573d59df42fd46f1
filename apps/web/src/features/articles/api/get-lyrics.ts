import { articleMaxLimit } from '@papo/contract/articles';
import { articleRoutes } from '@papo/contract/browser-routes/article-schemas';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { publicContentStaleTime } from '../../../lib/public-content';
import { retryServerErrors } from '../../../lib/retry';
import { articleKeys } from './keys';

/** `GET /api/lyrics`: the list in its stable order (the largest page; the collection is a few dozen songs). */
export function useLyrics() {
  return useQuery({
    queryKey: articleKeys.lyrics,
    queryFn: ({ signal }) => api(articleRoutes.lyrics, { query: { limit: articleMaxLimit }, signal }),
    staleTime: publicContentStaleTime,
    retry: retryServerErrors,
  });
}

/** `GET /api/lyrics/{slug}` (slug or id) with the neighbours' slugs for swiping. */
export function useLyric(slug: string) {
  return useQuery({
    queryKey: articleKeys.lyric(slug),
    queryFn: ({ signal }) => api(articleRoutes.lyric, { params: { slug }, signal }),
    staleTime: publicContentStaleTime,
    retry: retryServerErrors,
  });
}
