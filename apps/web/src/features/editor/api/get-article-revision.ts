import type { ArticleRevision } from '@papo/contract/editor';
import { apiFetch } from '../../../lib/api';

/** `GET /api/editor/articles/{id}/revisions/{revision}`: one kept revision's text (its differences with the text now). */
export const getArticleRevision = (id: number, revision: number, signal?: AbortSignal) =>
  apiFetch<ArticleRevision>(`/api/editor/articles/${id}/revisions/${revision}`, { signal });
