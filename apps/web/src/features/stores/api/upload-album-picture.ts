import { storeUploadFields } from '@papo/contract/stores';
import { apiFetch, revisionTag } from '../../../lib/api';

/** `POST /api/upload-album-picture`: a picture into one slot; the store's version goes as If-Match. */
export function uploadAlbumPicture(id: number, position: number, file: File, revision: number) {
  const body = new FormData();
  body.set(storeUploadFields.albumId, String(id));
  body.set(storeUploadFields.position, String(position));
  body.set(storeUploadFields.picture, file);
  return apiFetch<{ imageUrl: string; revision: number }>('/api/upload-album-picture', {
    method: 'POST',
    multipart: body,
    ifMatch: revisionTag(revision),
  });
}
