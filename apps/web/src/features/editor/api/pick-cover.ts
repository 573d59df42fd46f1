import { articleCoverRoutes } from '@papo/contract/browser-routes/editor-articles';
import type { ArticleCoverSaved } from '@papo/contract/editor-articles';
import { useMutation } from '@tanstack/react-query';
import { api, revisionTag } from '../../../lib/api';

/** `PUT /api/editor_edit_cover/{id}`: a library image becomes the article's cover; 412 `edit_conflict` when `revision` is stale. */
function pickCover({
  id,
  cover,
  revision,
}: {
  id: number;
  cover: string;
  revision: number;
}): Promise<ArticleCoverSaved> {
  return api(articleCoverRoutes.pick, { params: { id }, body: { cover }, ifMatch: revisionTag(revision) });
}

export function usePickCover() {
  return useMutation({ mutationFn: pickCover });
}
