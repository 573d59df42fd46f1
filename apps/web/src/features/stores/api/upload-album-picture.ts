import { staffStoreRoutes } from '@papo/contract/browser-routes/stores-staff';
import { storeUploadFields } from '@papo/contract/stores';
import { api, revisionTag } from '../../../lib/api';

/** `POST /api/upload-album-picture`: a picture into one slot; the store's version goes as If-Match. */
export function uploadAlbumPicture(id: number, position: number, file: File, revision: number) {
  const body = new FormData();
  body.set(storeUploadFields.albumId, String(id));
  body.set(storeUploadFields.position, String(position));
  body.set(storeUploadFields.picture, file);
  return api(staffStoreRoutes.picture, { body, ifMatch: revisionTag(revision) });
}
