import { editorArticleRoutes } from '@papo/contract/browser-routes/editor-articles';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { editorKeys, type EditorListFilter } from './editor-keys';

/** `GET /api/editor_latest`: the back office's article (or lyrics) list, a page at a time. */
export function useEditorArticles(lyrics: boolean, filter: EditorListFilter = {}) {
  return useInfiniteQuery({
    queryKey: editorKeys.list(lyrics, filter),
    queryFn: ({ pageParam, signal }) =>
      api(editorArticleRoutes.list, {
        query: { page: pageParam, lyrics: lyrics ? '1' : undefined, q: filter.q || undefined, status: filter.status },
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
    // A new search or filter keeps the rows on screen until its answer comes.
    placeholderData: keepPreviousData,
  });
}
