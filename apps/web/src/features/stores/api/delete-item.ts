import { apiFetch } from '../../../lib/api';

export const deleteItem = (id: number, position: number) => apiFetch('/api/delete-item', { method: 'POST', json: { album_id: id, position } });
