import type { AlbumCreated, StoreCountry } from '@papo/contract/stores';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { staffKeys } from './staff-keys';

/** `POST /api/courseStore/add`: a new course store, unpublished. */
function addCourseStore(input: { name: string; slug: string; country: StoreCountry }): Promise<AlbumCreated> {
  return apiFetch<AlbumCreated>('/api/courseStore/add', { method: 'POST', json: input });
}

export function useAddCourseStore() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addCourseStore,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKeys.list }),
  });
}
