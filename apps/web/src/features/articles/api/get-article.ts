import type { Article } from '@papo/contract/articles';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { publicContentStaleTime } from '../../../lib/public-content';
import { retryServerErrors } from '../../../lib/retry';
import { articleKeys } from './keys';

/** `GET /api/article/{slug}`: one published article; 404 for anything else. */
export function useArticle(slug: string) {
  return useQuery({
    queryKey: articleKeys.article(slug),
    queryFn: ({ signal }) => apiFetch<Article>(`/api/article/${encodeURIComponent(slug)}`, { auth: false, signal }),
    staleTime: publicContentStaleTime,
    retry: retryServerErrors,
  });
}
