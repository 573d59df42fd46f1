import { apiFetch } from '../../../lib/api';

export const savePublishState = (id: number, published: boolean) =>
  apiFetch('/api/save-publish-state', { method: 'POST', json: { album_id: id, is_published: published } });
