import { editorArticleRoutes } from '@papo/contract/browser-routes/editor-articles';
import type { EditorArticle } from '@papo/contract/editor-articles';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { editorKeys } from './editor-keys';

/** `GET /api/articles/{id}`: the article as the editor edits it, with its revision. */
export function getEditorArticle(id: number, signal?: AbortSignal): Promise<EditorArticle> {
  return api(editorArticleRoutes.read, { params: { id }, signal });
}

export function useEditorArticle(id: number | null) {
  return useQuery({
    queryKey: editorKeys.article(id ?? 0),
    queryFn: ({ signal }) => (id === null ? Promise.reject(new Error('no article')) : getEditorArticle(id, signal)),
    enabled: id !== null,
    // The editor owns the text while it is open: a refetch must not overwrite what is being typed.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}
