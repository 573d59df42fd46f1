import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';

/** `POST /api/delete-item`: empties one product slot of the store. */
function deleteItem({ id, position }: { id: number; position: number }): Promise<unknown> {
  return apiFetch('/api/delete-item', { method: 'POST', json: { album_id: id, position } });
}

export function useDeleteItem() {
  return useMutation({ mutationFn: deleteItem });
}
