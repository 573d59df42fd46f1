import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { editorKeys } from './editor-keys';

/** `DELETE /api/editor/articles/{id}`: the article and its revisions go; its files stay in the library. */
function deleteArticle(id: number): Promise<void> {
  return apiFetch<void>(`/api/editor/articles/${id}`, { method: 'DELETE' });
}

export function useDeleteArticle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteArticle,
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: editorKeys.article(id) });
      return queryClient.invalidateQueries({ queryKey: editorKeys.all });
    },
  });
}
