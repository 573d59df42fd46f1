import type { PreviewLink } from '@papo/contract/editor';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { editorKeys } from './editor-keys';

/** `GET /api/editor/articles/{id}/preview-links`: the article's live preview links (decision 024). */
export function usePreviewLinks(articleId: number) {
  return useQuery({
    queryKey: editorKeys.previewLinks(articleId),
    queryFn: ({ signal }) =>
      apiFetch<{ links: PreviewLink[] }>(`/api/editor/articles/${articleId}/preview-links`, { signal }),
  });
}
