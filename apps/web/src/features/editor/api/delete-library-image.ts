import { imageLibraryRoutes } from '@papo/contract/browser-routes/editor';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { editorKeys } from './editor-keys';
import { uploadPathOf } from './library-key';

/** `DELETE /api/uploads/{key}`: a library image and its variants; 409 `image_in_use` while something shows it. */
async function deleteLibraryImage(key: string): Promise<void> {
  await api(imageLibraryRoutes.remove, { params: uploadPathOf(key) });
}

export function useDeleteLibraryImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteLibraryImage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: editorKeys.uploadsAll }),
  });
}
