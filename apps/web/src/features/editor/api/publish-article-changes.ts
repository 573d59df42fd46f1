import type { ArticleSaved } from '@papo/contract/editor';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch, revisionTag } from '../../../lib/api';
import { editorKeys } from './editor-keys';

/** `POST /api/editor/articles/{id}/publish`: "Publicar alterações", the newest text goes live. 412 `edit_conflict` when `revision` is stale. */
function publishArticleChanges({ id, revision }: { id: number; revision: number }): Promise<ArticleSaved> {
  return apiFetch<ArticleSaved>(`/api/editor/articles/${id}/publish`, {
    method: 'POST',
    ifMatch: revisionTag(revision),
  });
}

export function usePublishArticleChanges() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: publishArticleChanges,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: editorKeys.revisionsAll }),
  });
}
