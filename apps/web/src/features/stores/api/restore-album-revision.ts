import { staffStoreRoutes } from '@papo/contract/browser-routes/stores-staff';
import { api, revisionTag } from '../../../lib/api';

/** Brings a revision back as the store's newest (412 `edit_conflict` when `current` is stale); answers the store. */
export const restoreAlbumRevision = (id: number, revision: number, current: number) =>
  api(staffStoreRoutes.restore, { params: { id, revision }, ifMatch: revisionTag(current) });
