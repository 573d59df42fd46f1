import { articlePreviewRoutes } from '@papo/contract/browser-routes/editor-preview';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { editorKeys } from './editor-keys';

/** `GET /api/editor/articles/{id}/preview-links`: the article's live preview links (decision 024). */
export function usePreviewLinks(articleId: number) {
  return useQuery({
    queryKey: editorKeys.previewLinks(articleId),
    queryFn: ({ signal }) => api(articlePreviewRoutes.links, { params: { id: articleId }, signal }),
  });
}
