import { storeLimits } from '@papo/contract/store-limits';
import type { StoreDetail, StoreKind, StorePage } from '@papo/contract/stores';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
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
      apiFetch<StorePage>(kind === 'course' ? '/api/courses' : '/api/stores', {
        query: { page: 1, limit: storeLimits.pageSize },
        auth: false,
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
    queryFn: ({ signal }) => apiFetch<StoreDetail>(`/api/shop/${encodeURIComponent(slug)}`, { auth: false, signal }),
    staleTime: publicContentStaleTime,
    retry: retryServerErrors,
  });
}
