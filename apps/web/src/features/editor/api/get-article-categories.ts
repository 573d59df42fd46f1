import { articleRoutes } from '@papo/contract/browser-routes/article-schemas';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { editorKeys } from './editor-keys';

/** `GET /api/article-categories`: the category step's choices. */
export function useArticleCategories() {
  return useQuery({
    queryKey: editorKeys.categories,
    queryFn: ({ signal }) => api(articleRoutes.categories, { signal }),
    staleTime: 10 * 60_000,
  });
}
