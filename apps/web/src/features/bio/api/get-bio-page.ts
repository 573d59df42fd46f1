import { publicBioRoutes } from '@papo/contract/browser-routes/bio';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { retryServerErrors } from '../../../lib/retry';
import { bioKeys } from './bio-keys';

/** `GET /api/pages/bio?center=`: the year and up to three following. */
export function useBioPage(center: number) {
  return useQuery({
    queryKey: bioKeys.page(center),
    queryFn: ({ signal }) => api(publicBioRoutes.page, { query: { center }, signal }),
    retry: retryServerErrors,
  });
}

/** `GET /api/pages/bio?tag=`: the first year holding a tag (404 when none does). */
export function useBioTagYear(tag: string | null) {
  return useQuery({
    queryKey: bioKeys.tag(tag ?? ''),
    queryFn: ({ signal }) => api(publicBioRoutes.page, { query: { tag: tag ?? '' }, signal }),
    enabled: Boolean(tag),
    retry: retryServerErrors,
  });
}
