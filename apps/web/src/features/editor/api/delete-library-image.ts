import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { editorKeys } from './editor-keys';

/** `DELETE /api/uploads/{key}`: a library image and its variants; 409 `image_in_use` while something shows it. */
function deleteLibraryImage(key: string): Promise<void> {
  return apiFetch<void>(`/api/uploads/${key}`, { method: 'DELETE' });
}

export function useDeleteLibraryImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteLibraryImage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: editorKeys.uploadsAll }),
  });
}
