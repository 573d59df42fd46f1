import { articleRoutes } from '@papo/contract/browser-routes/article-schemas';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { publicContentStaleTime } from '../../../lib/public-content';
import { retryServerErrors } from '../../../lib/retry';
import { articleKeys } from './keys';

/** `GET /api/article/{slug}`: one published article; 404 for anything else. */
export function useArticle(slug: string) {
  return useQuery({
    queryKey: articleKeys.article(slug),
    queryFn: ({ signal }) => api(articleRoutes.article, { params: { slug }, signal }),
    staleTime: publicContentStaleTime,
    retry: retryServerErrors,
  });
}

/** `GET /api/article/{slug}/related`: the articles to read next (same category, then shared words). */
export function useRelatedArticles(slug: string) {
  return useQuery({
    queryKey: articleKeys.related(slug),
    queryFn: ({ signal }) => api(articleRoutes.related, { params: { slug }, signal }),
    staleTime: publicContentStaleTime,
    retry: retryServerErrors,
  });
}

/** `GET /api/authors/{username}`: an author's page and published articles; 404 for anyone without one. */
export function useAuthorPage(username: string) {
  return useQuery({
    queryKey: articleKeys.author(username.toLowerCase()),
    queryFn: ({ signal }) => api(articleRoutes.author, { params: { username }, signal }),
    staleTime: publicContentStaleTime,
    retry: retryServerErrors,
  });
}
