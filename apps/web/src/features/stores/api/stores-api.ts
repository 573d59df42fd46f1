import { publicStoreRoutes } from '@papo/contract/browser-routes/stores';
import { storeLimits } from '@papo/contract/store-limits';
import type { StoreKind } from '@papo/contract/stores';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { publicContentStaleTime } from '../../../lib/public-content';
import { retryServerErrors } from '../../../lib/retry';

const storeKeys = {
  list: (kind: StoreKind) => ['stores', 'list', kind] as const,
  one: (slug: string) => ['stores', 'one', slug] as const,
};

/** `GET /api/stores` or `/api/courses`: page 1 of 40 (public-site §9). */
export function useStoreList(kind: StoreKind) {
  return useQuery({
    queryKey: storeKeys.list(kind),
    queryFn: ({ signal }) =>
      api(kind === 'course' ? publicStoreRoutes.courses : publicStoreRoutes.shops, {
        query: { page: 1, limit: storeLimits.pageSize },
        signal,
      }),
    staleTime: publicContentStaleTime,
    retry: retryServerErrors,
  });
}

/** `GET /api/shop/{slug}`: a published shop or course store. */
export function useStore(slug: string) {
  return useQuery({
    queryKey: storeKeys.one(slug),
    queryFn: ({ signal }) => api(publicStoreRoutes.store, { params: { slug }, signal }),
    staleTime: publicContentStaleTime,
    retry: retryServerErrors,
  });
}
