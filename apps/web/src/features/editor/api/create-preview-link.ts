import type { PreviewLinkCreated } from '@papo/contract/editor';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { editorKeys } from './editor-keys';

/** `POST /api/editor/articles/{id}/preview-links`: a new link; its address comes back once (the server keeps only its hash). */
function createPreviewLink(articleId: number): Promise<PreviewLinkCreated> {
  return apiFetch<PreviewLinkCreated>(`/api/editor/articles/${articleId}/preview-links`, { method: 'POST' });
}

export function useCreatePreviewLink(articleId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => createPreviewLink(articleId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: editorKeys.previewLinks(articleId) }),
  });
}
