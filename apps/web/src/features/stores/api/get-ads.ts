import type { Ads } from '@papo/contract/stores';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';

/** `GET /api/ads`: one course and one product from published stores, for the Sponsored tab. */
export function useAds() {
  // NOTE: no cache reuse across visits: the ads are meant to vary between page views.
  return useQuery({
    queryKey: ['ads'],
    queryFn: ({ signal }) => apiFetch<Ads>('/api/ads', { auth: false, signal }),
    staleTime: 0,
  });
}
