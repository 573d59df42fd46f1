import { staffStoreRoutes } from '@papo/contract/browser-routes/stores-staff';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { staffKeys } from './staff-keys';

/** `GET /api/album-categories`. */
export function useAlbumCategories() {
  return useQuery({
    queryKey: staffKeys.categories,
    queryFn: ({ signal }) => api(staffStoreRoutes.categories, { signal }),
    staleTime: Infinity,
  });
}
