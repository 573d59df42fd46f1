import type { BioPage } from '@papo/contract/bio';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { retryServerErrors } from '../../../lib/retry';
import { bioKeys } from './bio-keys';

/** `GET /api/pages/bio?center=`: the year and up to three following. */
export function useBioPage(center: number) {
  return useQuery({
    queryKey: bioKeys.page(center),
    queryFn: ({ signal }) => apiFetch<BioPage>('/api/pages/bio', { query: { center }, auth: false, signal }),
    retry: retryServerErrors,
  });
}

/** `GET /api/pages/bio?tag=`: the first year holding a tag (404 when none does). */
export function useBioTagYear(tag: string | null) {
  return useQuery({
    queryKey: bioKeys.tag(tag ?? ''),
    queryFn: ({ signal }) => apiFetch<BioPage>('/api/pages/bio', { query: { tag: tag ?? '' }, auth: false, signal }),
    enabled: Boolean(tag),
    retry: retryServerErrors,
  });
}
