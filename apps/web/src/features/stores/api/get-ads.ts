import { publicStoreRoutes } from '@papo/contract/browser-routes/stores';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** `GET /api/ads`: one course and one product from published stores, for the Sponsored tab. */
export function useAds() {
  // no cache reuse across visits: the ads are meant to vary between page views.
  return useQuery({
    queryKey: ['ads'],
    queryFn: ({ signal }) => api(publicStoreRoutes.ads, { signal }),
    staleTime: 0,
  });
}
