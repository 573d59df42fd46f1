import { staffBioRoutes } from '@papo/contract/browser-routes/bio';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, revisionTag } from '../../../lib/api';
import { bioKeys } from './bio-keys';
import type { BioDraft } from './get-bio-entries';

/** Staff: `POST /api/bio` for a new entry or `PUT /api/bio/{id}` for a saved one (412 `edit_conflict` when its version is stale). */
function saveBioEntry({ id, revision, revisionAuthor: _author, revisionAt: _at, ...entry }: BioDraft) {
  return id === null
    ? api(staffBioRoutes.create, { body: entry })
    : api(staffBioRoutes.update, { params: { id }, body: entry, ifMatch: revisionTag(revision) });
}

/** The public pages refetch after a save. */
export function useSaveBioEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveBioEntry,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bioKeys.all, refetchType: 'none' }),
  });
}
