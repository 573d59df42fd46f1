import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch, revisionTag } from '../../../lib/api';
import { bioKeys } from './bio-keys';

/** Staff, `DELETE /api/bio/{id}`: the entry goes from the bio pages; the version read goes as If-Match (412 when stale). */
function deleteBioEntry({ id, revision }: { id: number; revision: number }): Promise<void> {
  return apiFetch<void>(`/api/bio/${id}`, { method: 'DELETE', ifMatch: revisionTag(revision) });
}

export function useDeleteBioEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBioEntry,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bioKeys.all, refetchType: 'none' }),
  });
}
