import { articleMaxLimit, type LyricDetail, type LyricsPage } from '@papo/contract/articles';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { publicContentStaleTime } from '../../../lib/public-content';
import { retryServerErrors } from '../../../lib/retry';
import { articleKeys } from './keys';

/** `GET /api/lyrics`: the list in its stable order (the largest page; the collection is a few dozen songs). */
export function useLyrics() {
  return useQuery({
    queryKey: articleKeys.lyrics,
    queryFn: ({ signal }) =>
      apiFetch<LyricsPage>('/api/lyrics', { query: { limit: articleMaxLimit }, auth: false, signal }),
    staleTime: publicContentStaleTime,
    retry: retryServerErrors,
  });
}

/** `GET /api/lyrics/{slug}` (slug or id) with the neighbours' slugs for swiping. */
export function useLyric(slug: string) {
  return useQuery({
    queryKey: articleKeys.lyric(slug),
    queryFn: ({ signal }) => apiFetch<LyricDetail>(`/api/lyrics/${encodeURIComponent(slug)}`, { auth: false, signal }),
    staleTime: publicContentStaleTime,
    retry: retryServerErrors,
  });
}
