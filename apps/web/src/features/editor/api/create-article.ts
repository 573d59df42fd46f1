import type { ArticleInput } from '@papo/contract/article-schemas';
import { editorArticleRoutes } from '@papo/contract/browser-routes/editor-articles';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** `POST /api/editor/articles`: the first save of a new article. */
function createArticle(input: ArticleInput) {
  return api(editorArticleRoutes.create, { body: input });
}

export function useCreateArticle() {
  return useMutation({ mutationFn: createArticle });
}
