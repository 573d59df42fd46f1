import { staffStoreRoutes } from '@papo/contract/browser-routes/stores-staff';
import { api, revisionTag } from '../../../lib/api';

/** Drops a published store's unpublished changes (412 `edit_conflict` when `revision` is stale); answers the store. */
export const discardAlbumChanges = (id: number, revision: number) =>
  api(staffStoreRoutes.discardChanges, { params: { id }, ifMatch: revisionTag(revision) });
