import type { AlbumPage } from '@papo/contract/stores';
import { storeLimits } from '@papo/contract/stores';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { staffKeys } from './staff-keys';

/** `GET /api/albums`: the staff's stores, a page at a time. */
export function useAlbums() {
  return useInfiniteQuery({
    queryKey: staffKeys.list,
    queryFn: ({ pageParam, signal }) =>
      apiFetch<AlbumPage>('/api/albums', { query: { page: pageParam, limit: storeLimits.pageSize }, signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
  });
}
