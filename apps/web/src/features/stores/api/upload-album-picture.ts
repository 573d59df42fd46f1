import { storeUploadFields } from '@papo/contract/stores';
import { apiFetch } from '../../../lib/api';

export function uploadAlbumPicture(id: number, position: number, file: File) {
  const body = new FormData();
  body.set(storeUploadFields.albumId, String(id));
  body.set(storeUploadFields.position, String(position));
  body.set(storeUploadFields.picture, file);
  return apiFetch<{ imageUrl: string }>('/api/upload-album-picture', { method: 'POST', multipart: body });
}
