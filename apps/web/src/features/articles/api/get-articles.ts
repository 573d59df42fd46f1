import { articlePageSize, type ArticlePage } from '@papo/contract/articles';
import { articleRoutes } from '@papo/contract/browser-routes/article-schemas';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { publicContentStaleTime } from '../../../lib/public-content';
import { retryServerErrors } from '../../../lib/retry';
import { articleKeys } from './keys';

/** `GET /api/articles?page&limit&category`: published articles, newest first. */
function getArticles(page: number, category: number | null, signal?: AbortSignal): Promise<ArticlePage> {
  return api(articleRoutes.list, { query: { page, limit: articlePageSize, category: category ?? undefined }, signal });
}

/** The blog list from page `firstPage` (`/blog?page=N`), a page at a time ("more articles" loads the next). */
export function useArticles(category: number | null, firstPage = 1, enabled = true) {
  return useInfiniteQuery({
    enabled,
    queryKey: articleKeys.list(category, firstPage),
    queryFn: ({ pageParam, signal }) => getArticles(pageParam, category, signal),
    initialPageParam: firstPage,
    getNextPageParam: (last) => (last.page * last.limit < last.total ? last.page + 1 : undefined),
    staleTime: publicContentStaleTime,
    retry: retryServerErrors,
  });
}

/** `GET /api/article-categories`: they change with a release, not while reading. */
export function useArticleCategories() {
  return useQuery({
    queryKey: articleKeys.categories,
    queryFn: ({ signal }) => api(articleRoutes.categories, { signal }),
    staleTime: Infinity,
    retry: retryServerErrors,
  });
}
