import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { bioKeys } from './bio-keys';

/** Staff, `DELETE /api/bio/{id}`: the entry goes from the bio pages. */
function deleteBioEntry(id: number): Promise<void> {
  return apiFetch<void>(`/api/bio/${id}`, { method: 'DELETE' });
}

export function useDeleteBioEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBioEntry,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bioKeys.all, refetchType: 'none' }),
  });
}
