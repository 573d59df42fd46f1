import { storeUploadFields } from '@papo/contract/stores';
import { apiFetch, revisionTag } from '../../../lib/api';

export function uploadAlbumCover(id: number, input: { file: File | null; description: string }, revision: number) {
  const body = new FormData();
  body.set(storeUploadFields.albumId, String(id));
  body.set(storeUploadFields.description, input.description);
  if (input.file) body.set(storeUploadFields.cover, input.file);
  return apiFetch('/api/uploadAlbumCover', { method: 'POST', multipart: body, ifMatch: revisionTag(revision) });
}
