import { imageLibraryRoutes } from '@papo/contract/browser-routes/editor';
import type { UploadedFile } from '@papo/contract/editor';
import { api } from '../../../lib/api';

/** `POST /api/editor/library/import`: the server fetches an image from another site into the library. */
export function importLibraryImage(url: string): Promise<UploadedFile> {
  return api(imageLibraryRoutes.importImage, { body: { url } });
}
