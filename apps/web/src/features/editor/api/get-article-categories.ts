import type { ArticleCategory } from '@papo/contract/articles';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { editorKeys } from './editor-keys';

/** `GET /api/article-categories`: the category step's choices. */
export function useArticleCategories() {
  return useQuery({
    queryKey: editorKeys.categories,
    queryFn: ({ signal }) => apiFetch<ArticleCategory[]>('/api/article-categories', { auth: false, signal }),
    staleTime: 10 * 60_000,
  });
}
