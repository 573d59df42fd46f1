import { staffStoreRoutes } from '@papo/contract/browser-routes/stores-staff';
import type { StoreCountry } from '@papo/contract/stores';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { staffKeys } from './staff-keys';

/** `POST /api/courseStore/add`: a new course store, unpublished. */
function addCourseStore(input: { name: string; slug: string; country: StoreCountry }) {
  return api(staffStoreRoutes.addCourseStore, { body: input });
}

export function useAddCourseStore() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addCourseStore,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKeys.list }),
  });
}
