import { articleRevisionRoutes } from '@papo/contract/browser-routes/editor-articles';
import type { ArticleSaved } from '@papo/contract/editor-articles';
import { api, revisionTag } from '../../../lib/api';

/** `POST …/revisions/{revision}/restore`: brings a revision back as the newest one (the current one stays in the history). */
export function restoreArticleRevision(id: number, revision: number, current: number): Promise<ArticleSaved> {
  return api(articleRevisionRoutes.restore, { params: { id, revision }, ifMatch: revisionTag(current) });
}
