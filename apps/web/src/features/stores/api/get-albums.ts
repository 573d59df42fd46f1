import { staffStoreRoutes } from '@papo/contract/browser-routes/stores-staff';
import { storeLimits } from '@papo/contract/store-limits';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { staffKeys } from './staff-keys';

/** `GET /api/albums`: the staff's stores, a page at a time. */
export function useAlbums() {
  return useInfiniteQuery({
    queryKey: staffKeys.list,
    queryFn: ({ pageParam, signal }) =>
      api(staffStoreRoutes.list, { query: { page: pageParam, limit: storeLimits.pageSize }, signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
  });
}
