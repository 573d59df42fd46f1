import type { BioSearchResponse } from '@papo/contract/bio';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { retryServerErrors } from '../../../lib/retry';
import { bioKeys } from './bio-keys';

/** `GET /api/searchBioInput?q=`: the tags a search names. */
export function useBioSearch(q: string) {
  return useQuery({
    queryKey: bioKeys.search(q),
    queryFn: ({ signal }) => apiFetch<BioSearchResponse>('/api/searchBioInput', { query: { q }, auth: false, signal }),
    enabled: q.trim() !== '',
    retry: retryServerErrors,
  });
}
