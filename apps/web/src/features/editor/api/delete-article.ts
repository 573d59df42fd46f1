import { editorArticleRoutes } from '@papo/contract/browser-routes/editor-articles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { editorKeys } from './editor-keys';

/** `DELETE /api/editor/articles/{id}`: the article and its revisions go; its files stay in the library. */
async function deleteArticle(id: number): Promise<void> {
  await api(editorArticleRoutes.remove, { params: { id } });
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
