import type { LibraryImageUses } from '@papo/contract/editor';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { editorKeys } from './editor-keys';

/** `GET /api/uploads/{key}/uses`: where a library image is used (articles, stores, bio, profiles); it can be deleted only when nowhere. */
export function useImageUses(key: string) {
  return useQuery({
    queryKey: editorKeys.imageUses(key),
    queryFn: ({ signal }) => apiFetch<LibraryImageUses>(`/api/uploads/${key}/uses`, { signal }),
  });
}
