import { storeLimits, type StoreDetail, type StoreKind, type StorePage } from '@papo/contract/stores';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';

/** 4xx answers (an unknown slug) stay what they are; retrying them only delays the not-found state. */
function retryServerErrors(failures: number, error: unknown): boolean {
  const status = (error as { status?: number }).status ?? 0;
  return !(status >= 400 && status < 500) && failures < 2;
}

export const storeKeys = {
  list: (kind: StoreKind) => ['stores', 'list', kind] as const,
  one: (slug: string) => ['stores', 'one', slug] as const,
};

/** `GET /api/stores` or `/api/courses`: page 1 of 40 (public-site §9). */
export function useStoreList(kind: StoreKind) {
  return useQuery({
    queryKey: storeKeys.list(kind),
    queryFn: ({ signal }) =>
      apiFetch<StorePage>(kind === 'course' ? '/api/courses' : '/api/stores', { query: { page: 1, limit: storeLimits.pageSize }, auth: false, signal }),
    staleTime: 5 * 60_000,
    retry: retryServerErrors,
  });
}

/** `GET /api/shop/{slug}`: a published shop or course store. */
export function useStore(slug: string) {
  return useQuery({
    queryKey: storeKeys.one(slug),
    queryFn: ({ signal }) => apiFetch<StoreDetail>(`/api/shop/${encodeURIComponent(slug)}`, { auth: false, signal }),
    staleTime: 5 * 60_000,
    retry: retryServerErrors,
  });
}

export function uploadSrc(key: string): string {
  return `/uploads/${key}`;
}
