import { articlePreviewRoutes } from '@papo/contract/browser-routes/editor-preview';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { editorKeys } from './editor-keys';

/** `DELETE /api/editor/articles/{id}/preview-links/{link}`: the link stops working at once. */
function revokePreviewLink(articleId: number, linkId: number): Promise<unknown> {
  return api(articlePreviewRoutes.revokeLink, { params: { id: articleId, link: linkId } });
}

export function useRevokePreviewLink(articleId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (linkId: number) => revokePreviewLink(articleId, linkId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: editorKeys.previewLinks(articleId) }),
  });
}
