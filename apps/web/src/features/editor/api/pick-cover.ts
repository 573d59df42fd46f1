import type { EditorMessage } from '@papo/contract/editor';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';

/** `PUT /api/editor_edit_cover/{id}`: a library image becomes the article's cover. */
function pickCover({ id, cover }: { id: number; cover: string }): Promise<EditorMessage> {
  return apiFetch<EditorMessage>(`/api/editor_edit_cover/${id}`, { method: 'PUT', json: { cover } });
}

export function usePickCover() {
  return useMutation({ mutationFn: pickCover });
}
