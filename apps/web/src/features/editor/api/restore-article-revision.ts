import type { ArticleSaved } from '@papo/contract/editor';
import { apiFetch, revisionTag } from '../../../lib/api';

/** `POST …/revisions/{revision}/restore`: brings a revision back as the newest one (the current one stays in the history). */
export function restoreArticleRevision(id: number, revision: number, current: number): Promise<ArticleSaved> {
  return apiFetch<ArticleSaved>(`/api/editor/articles/${id}/revisions/${revision}/restore`, {
    method: 'POST',
    ifMatch: revisionTag(current),
  });
}
