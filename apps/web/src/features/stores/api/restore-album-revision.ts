import type { AlbumDetail } from '@papo/contract/stores';
import { apiFetch, revisionTag } from '../../../lib/api';

/** Brings a revision back as the store's newest (412 `edit_conflict` when `current` is stale); answers the store. */
export const restoreAlbumRevision = (id: number, revision: number, current: number) =>
  apiFetch<AlbumDetail>(`/api/album/${id}/revisions/${revision}/restore`, {
    method: 'POST',
    ifMatch: revisionTag(current),
  });
