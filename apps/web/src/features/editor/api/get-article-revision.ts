import { articleRevisionRoutes } from '@papo/contract/browser-routes/editor-articles';
import { api } from '../../../lib/api';

/** `GET /api/editor/articles/{id}/revisions/{revision}`: one kept revision's text (its differences with the text now). */
export const getArticleRevision = (id: number, revision: number, signal?: AbortSignal) =>
  api(articleRevisionRoutes.read, { params: { id, revision }, signal });
