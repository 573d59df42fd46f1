import type { AlbumDetail } from '@papo/contract/stores';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { staffKeys } from './staff-keys';

/** `GET /api/albumInfo/{id}`: the store's fields and version. */
export function useAlbum(id: number | null) {
  return useQuery({
    queryKey: staffKeys.album(id ?? 0),
    queryFn: ({ signal }) => apiFetch<AlbumDetail>(`/api/albumInfo/${id}`, { signal }),
    enabled: id !== null,
  });
}

/** The store's fields and version as saved now (after a conflict). */
export const readAlbum = (id: number) => apiFetch<AlbumDetail>(`/api/albumInfo/${id}`);
