import type { BioSaved } from '@papo/contract/bio';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch, revisionTag } from '../../../lib/api';
import { bioKeys } from './bio-keys';
import type { BioDraft } from './get-bio-entries';

/** Staff: `POST /api/bio` for a new entry or `PUT /api/bio/{id}` for a saved one (412 `edit_conflict` when its version is stale). */
function saveBioEntry({
  id,
  revision,
  revisionAuthor: _author,
  revisionAt: _at,
  ...entry
}: BioDraft): Promise<BioSaved> {
  return id === null
    ? apiFetch<BioSaved>('/api/bio', { json: entry })
    : apiFetch<BioSaved>(`/api/bio/${id}`, { method: 'PUT', json: entry, ifMatch: revisionTag(revision) });
}

/** The public pages refetch after a save. */
export function useSaveBioEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveBioEntry,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bioKeys.all, refetchType: 'none' }),
  });
}
