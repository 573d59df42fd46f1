import { staffStoreRoutes } from '@papo/contract/browser-routes/stores-staff';
import { api, revisionTag } from '../../../lib/api';

/** Makes a published store's unpublished changes live (412 `edit_conflict` when `revision` is stale); answers the store. */
export const publishAlbumChanges = (id: number, revision: number) =>
  api(staffStoreRoutes.publishChanges, { params: { id }, ifMatch: revisionTag(revision) });
