import { imageLibraryRoutes } from '@papo/contract/browser-routes/editor';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { editorKeys } from './editor-keys';
import { uploadPathOf } from './library-key';

/** `GET /api/uploads/{key}/uses`: where a library image is used (articles, stores, bio, profiles); it can be deleted only when nowhere. */
export function useImageUses(key: string) {
  return useQuery({
    queryKey: editorKeys.imageUses(key),
    queryFn: ({ signal }) => api(imageLibraryRoutes.uses, { params: uploadPathOf(key), signal }),
  });
}
