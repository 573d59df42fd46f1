import { staffBioRoutes } from '@papo/contract/browser-routes/bio';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, revisionTag } from '../../../lib/api';
import { bioKeys } from './bio-keys';

/** Staff, `DELETE /api/bio/{id}`: the entry goes from the bio pages; the version read goes as If-Match (412 when stale). */
async function deleteBioEntry({ id, revision }: { id: number; revision: number }): Promise<void> {
  await api(staffBioRoutes.remove, { params: { id }, ifMatch: revisionTag(revision) });
}

export function useDeleteBioEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBioEntry,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bioKeys.all, refetchType: 'none' }),
  });
}
