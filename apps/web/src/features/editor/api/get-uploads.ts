import { uploadRoutes } from '@papo/contract/browser-routes/editor';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { editorKeys } from './editor-keys';

/** `GET /api/uploads?page=`: the image library, a page at a time. */
export function useUploads(page: number) {
  return useQuery({
    queryKey: editorKeys.uploads(page),
    queryFn: ({ signal }) => api(uploadRoutes.list, { query: { page }, signal }),
    placeholderData: keepPreviousData,
  });
}
