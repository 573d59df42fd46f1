import { apiFetch, revisionTag } from '../../../lib/api';

/** `POST /api/delete-item`: empties one product slot of the store; the store's version goes as If-Match. */
export function deleteItem(id: number, position: number, revision: number) {
  return apiFetch<{ revision: number }>('/api/delete-item', {
    method: 'POST',
    json: { album_id: id, position },
    ifMatch: revisionTag(revision),
  });
}
