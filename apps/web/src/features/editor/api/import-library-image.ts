import type { UploadedFile } from '@papo/contract/editor';
import { apiFetch } from '../../../lib/api';

/** `POST /api/editor/library/import`: the server fetches an image from another site into the library. */
export function importLibraryImage(url: string): Promise<UploadedFile> {
  return apiFetch<UploadedFile>('/api/editor/library/import', { method: 'POST', json: { url } });
}
