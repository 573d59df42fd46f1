import { homeRoutes } from '@papo/contract/browser-routes/home';
import { type NewsSource } from '@papo/contract/home';
import { skipToken, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** `GET /api/newsPicker?source=&query=`: one source's results (staff); nothing is asked until a search is made. */
export function useNewsSearch(search: { source: NewsSource; query: string } | null) {
  return useQuery({
    queryKey: ['newsPicker', search?.source, search?.query],
    // skipToken, not a query without parameters: nothing is asked until a search is made.
    queryFn: search ? ({ signal }) => api(homeRoutes.newsPicker, { query: search, signal }) : skipToken,
  });
}
