import { publicBioRoutes } from '@papo/contract/browser-routes/bio';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { retryServerErrors } from '../../../lib/retry';
import { bioKeys } from './bio-keys';

/** `GET /api/searchBioInput?q=`: the tags a search names. */
export function useBioSearch(q: string) {
  return useQuery({
    queryKey: bioKeys.search(q),
    queryFn: ({ signal }) => api(publicBioRoutes.search, { query: { q }, signal }),
    enabled: q.trim() !== '',
    retry: retryServerErrors,
  });
}
