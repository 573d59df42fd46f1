import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { editorKeys } from './editor-keys';

/** `DELETE /api/editor/articles/{id}/preview-links/{link}`: the link stops working at once. */
function revokePreviewLink(articleId: number, linkId: number): Promise<unknown> {
  return apiFetch<unknown>(`/api/editor/articles/${articleId}/preview-links/${linkId}`, { method: 'DELETE' });
}

export function useRevokePreviewLink(articleId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (linkId: number) => revokePreviewLink(articleId, linkId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: editorKeys.previewLinks(articleId) }),
  });
}
