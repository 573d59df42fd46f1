import { articlePreviewRoutes } from '@papo/contract/browser-routes/editor-preview';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { editorKeys } from './editor-keys';

/** `POST /api/editor/articles/{id}/preview-links`: a new link; its address comes back once (the server keeps only its hash). */
function createPreviewLink(articleId: number) {
  return api(articlePreviewRoutes.createLink, { params: { id: articleId } });
}

export function useCreatePreviewLink(articleId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => createPreviewLink(articleId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: editorKeys.previewLinks(articleId) }),
  });
}
