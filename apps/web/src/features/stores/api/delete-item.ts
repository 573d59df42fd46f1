import { staffStoreRoutes } from '@papo/contract/browser-routes/stores-staff';
import { api, revisionTag } from '../../../lib/api';

/** `POST /api/delete-item`: empties one product slot of the store; the store's version goes as If-Match. */
export function deleteItem(id: number, position: number, revision: number): Promise<{ revision: number }> {
  return api(staffStoreRoutes.deleteItem, { body: { album_id: id, position }, ifMatch: revisionTag(revision) });
}
