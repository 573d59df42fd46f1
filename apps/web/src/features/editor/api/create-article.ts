import type { ArticleInput } from '@papo/contract/article-schemas';
import { editorArticleRoutes } from '@papo/contract/browser-routes/editor-articles';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** `POST /api/editor/articles`: the first save of a new article. */
function createArticle(input: ArticleInput) {
  return api(editorArticleRoutes.create, { body: input });
}

export function useCreateArticle() {
  // NOTE: sent even offline: the editor's own retry then says the network is missing and tries again when it is
  // back (decision 040); TanStack's default would hold the call unsent and leave "Saving..." on screen.
  return useMutation({ mutationFn: createArticle, networkMode: 'always' });
}
