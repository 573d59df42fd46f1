import { staffStoreRoutes } from '@papo/contract/browser-routes/stores-staff';
import { storeUploadFields } from '@papo/contract/stores';
import { api, revisionTag } from '../../../lib/api';

/** `POST /api/save-affiliate-link`: a filled slot's link and product name; the store's version goes as If-Match. */
export function saveAffiliateLink(
  id: number,
  position: number,
  link: { actionUrl: string; description: string },
  revision: number,
): Promise<{ revision: number }> {
  const body = new FormData();
  body.set(storeUploadFields.albumId, String(id));
  body.set(storeUploadFields.position, String(position));
  body.set(storeUploadFields.actionUrl, link.actionUrl);
  body.set(storeUploadFields.description, link.description);
  return api(staffStoreRoutes.affiliateLink, { body, ifMatch: revisionTag(revision) });
}
