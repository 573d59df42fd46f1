import type { AlbumCategory } from '@papo/contract/stores';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { staffKeys } from './staff-keys';

/** `GET /api/album-categories`. */
export function useAlbumCategories() {
  return useQuery({
    queryKey: staffKeys.categories,
    queryFn: ({ signal }) => apiFetch<AlbumCategory[]>('/api/album-categories', { signal }),
    staleTime: Infinity,
  });
}
