import type { BioCoverInfo } from '@papo/contract/bio';
import { apiFetch, revisionTag } from '../../../lib/api';

/** Staff, `POST /api/bio/{id}/revisions/{revision}/restore`: a revision back as the entry's newest (412 `edit_conflict` when `current` is stale); answers the entry. */
export const restoreBioRevision = (id: number, revision: number, current: number) =>
  apiFetch<BioCoverInfo>(`/api/bio/${id}/revisions/${revision}/restore`, {
    method: 'POST',
    ifMatch: revisionTag(current),
  });
