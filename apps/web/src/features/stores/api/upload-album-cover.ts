import { staffStoreRoutes } from '@papo/contract/browser-routes/stores-staff';
import { storeUploadFields } from '@papo/contract/stores';
import { api, revisionTag } from '../../../lib/api';

/** Staff, `POST /api/uploadAlbumCover`: the store's cover and its description; 412 `edit_conflict` when `revision` is stale. */
export function uploadAlbumCover(id: number, input: { file: File | null; description: string }, revision: number) {
  const body = new FormData();
  body.set(storeUploadFields.albumId, String(id));
  body.set(storeUploadFields.description, input.description);
  if (input.file) body.set(storeUploadFields.cover, input.file);
  return api(staffStoreRoutes.cover, { body, ifMatch: revisionTag(revision) });
}
