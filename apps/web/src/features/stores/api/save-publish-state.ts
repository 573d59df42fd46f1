import { apiFetch, revisionTag } from '../../../lib/api';

/** `POST /api/save-publish-state`: puts the store on the site or takes it off; the store's version goes as If-Match. */
export function savePublishState(id: number, published: boolean, revision: number) {
  return apiFetch<{ revision: number }>('/api/save-publish-state', {
    method: 'POST',
    json: { album_id: id, is_published: published },
    ifMatch: revisionTag(revision),
  });
}
