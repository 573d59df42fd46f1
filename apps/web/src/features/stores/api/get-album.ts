import { staffStoreRoutes } from '@papo/contract/browser-routes/stores-staff';
import { skipToken, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { staffKeys } from './staff-keys';

/** `GET /api/albumInfo/{id}`: the store's fields and version. */
export function useAlbum(id: number | null) {
  return useQuery({
    queryKey: staffKeys.album(id ?? 0),
    queryFn: id === null ? skipToken : ({ signal }) => api(staffStoreRoutes.albumInfo, { params: { id }, signal }),
  });
}

/** The store's fields and version as saved now (after a conflict). */
export const readAlbum = (id: number) => api(staffStoreRoutes.albumInfo, { params: { id } });
