import { storeUploadFields } from '@papo/contract/stores';
import { apiFetch } from '../../../lib/api';

export function saveAffiliateLink(id: number, position: number, link: { actionUrl: string; description: string }) {
  const body = new FormData();
  body.set(storeUploadFields.albumId, String(id));
  body.set(storeUploadFields.position, String(position));
  body.set(storeUploadFields.actionUrl, link.actionUrl);
  body.set(storeUploadFields.description, link.description);
  return apiFetch('/api/save-affiliate-link', { method: 'POST', multipart: body });
}
