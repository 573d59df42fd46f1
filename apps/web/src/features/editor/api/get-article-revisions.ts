import { articleRevisionRoutes } from '@papo/contract/browser-routes/editor-articles';
import { api } from '../../../lib/api';
import { editorKeys } from './editor-keys';

/** `GET /api/editor/articles/{id}/revisions`: the article's history panel (its query key and its call), every save, newest first. */
export const articleRevisions = {
  queryKey: editorKeys.revisions,
  load: (id: number, signal: AbortSignal) => api(articleRevisionRoutes.list, { params: { id }, signal }),
};
