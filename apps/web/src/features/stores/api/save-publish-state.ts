import { staffStoreRoutes } from '@papo/contract/browser-routes/stores-staff';
import { api, revisionTag } from '../../../lib/api';

/** `POST /api/save-publish-state`: puts the store on the site or takes it off; the store's version goes as If-Match. */
export function savePublishState(id: number, published: boolean, revision: number): Promise<{ revision: number }> {
  return api(staffStoreRoutes.publishState, {
    body: { album_id: id, is_published: published },
    ifMatch: revisionTag(revision),
  });
}
