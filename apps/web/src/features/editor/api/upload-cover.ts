import { articleCoverRoutes } from '@papo/contract/browser-routes/editor-articles';
import type { ArticleCoverSaved } from '@papo/contract/editor-articles';
import { useMutation } from '@tanstack/react-query';
import { api, revisionTag } from '../../../lib/api';

/**
 * `POST /api/uploadArticleCover`: the cover's description, and a new picture when one was chosen; 412
 * `edit_conflict` when `revision` (the article's version the screen read) is stale.
 */
function uploadCover({
  id,
  file,
  description,
  revision,
}: {
  id: number;
  file: File | null;
  description: string;
  revision: number;
}): Promise<ArticleCoverSaved> {
  const form = new FormData();
  form.set('article_id', String(id));
  form.set('description', description);
  // The file is sent only when a new one was chosen (public-site §5).
  if (file) form.set('file', file);
  return api(articleCoverRoutes.upload, { body: form, ifMatch: revisionTag(revision) });
}

export function useUploadCover() {
  return useMutation({ mutationFn: uploadCover });
}
