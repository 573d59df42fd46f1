import { articlePreviewRoutes } from '@papo/contract/browser-routes/editor-preview';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/**
 * An article's preview (decision 024): `GET /api/preview/{token}` for anyone holding the link, else
 * `GET /api/editor/articles/{id}/preview[?revision=N]` for staff.
 */
export function useArticlePreview({ token, id, revision }: { token?: string; id?: string; revision: string | null }) {
  return useQuery({
    queryKey: ['preview', token ?? null, id ?? null, revision],
    queryFn: ({ signal }) =>
      token
        ? api(articlePreviewRoutes.byToken, { params: { token }, signal })
        : api(articlePreviewRoutes.preview, {
            params: { id: id ?? '' },
            query: { revision: revision ?? undefined },
            signal,
          }),
    retry: false,
    refetchOnWindowFocus: true,
  });
}
