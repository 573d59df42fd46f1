import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';

/** `POST /api/save-publish-state`: puts the store on the site or takes it off. */
function savePublishState({ id, published }: { id: number; published: boolean }): Promise<unknown> {
  return apiFetch('/api/save-publish-state', { method: 'POST', json: { album_id: id, is_published: published } });
}

export function useSavePublishState() {
  return useMutation({ mutationFn: savePublishState });
}
