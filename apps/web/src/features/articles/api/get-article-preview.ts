import type { ArticlePreview } from '@papo/contract/editor';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';

/**
 * An article's preview (decision 024): `GET /api/preview/{token}` for anyone holding the link, else
 * `GET /api/editor/articles/{id}/preview[?revision=N]` for staff.
 */
export function useArticlePreview({ token, id, revision }: { token?: string; id?: string; revision: string | null }) {
  return useQuery({
    queryKey: ['preview', token ?? null, id ?? null, revision],
    queryFn: ({ signal }) =>
      token
        ? apiFetch<ArticlePreview>(`/api/preview/${encodeURIComponent(token)}`, { auth: false, signal })
        : apiFetch<ArticlePreview>(`/api/editor/articles/${encodeURIComponent(id ?? '')}/preview`, {
            query: { revision: revision ?? undefined },
            signal,
          }),
    retry: false,
    refetchOnWindowFocus: true,
  });
}
