import { editorArticleRoutes } from '@papo/contract/browser-routes/editor-articles';
import type { ArticleSaved } from '@papo/contract/editor-articles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, revisionTag } from '../../../lib/api';
import { editorKeys } from './editor-keys';

/** `POST /api/editor/articles/{id}/publish`: "Publicar alterações", the newest text goes live. 412 `edit_conflict` when `revision` is stale. */
function publishArticleChanges({ id, revision }: { id: number; revision: number }): Promise<ArticleSaved> {
  return api(editorArticleRoutes.publish, { params: { id }, ifMatch: revisionTag(revision) });
}

export function usePublishArticleChanges() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: publishArticleChanges,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: editorKeys.revisionsAll }),
  });
}
