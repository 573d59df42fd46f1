import type { ArticleInput } from '@papo/contract/article-schemas';
import { editorArticleRoutes } from '@papo/contract/browser-routes/editor-articles';
import type { ArticleSaved } from '@papo/contract/editor-articles';
import { useMutation } from '@tanstack/react-query';
import { api, revisionTag } from '../../../lib/api';

/**
 * `PUT /api/editor/articles/{id}`: saves the text; a live article's save waits as a draft until published. 412
 * `edit_conflict` when `revision` is stale. An autosave (`autosave`) folds into this editor's revision of the same ten
 * minutes.
 */
function saveArticle({
  id,
  input,
  revision,
  autosave = false,
}: {
  id: number;
  input: ArticleInput;
  revision: number;
  autosave?: boolean;
}): Promise<ArticleSaved> {
  return api(editorArticleRoutes.save, {
    params: { id },
    body: input,
    ifMatch: revisionTag(revision),
    query: autosave ? { autosave: '1' } : undefined,
  });
}

export function useSaveArticle() {
  return useMutation({ mutationFn: saveArticle });
}
