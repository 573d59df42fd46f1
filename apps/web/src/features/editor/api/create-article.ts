import type { ArticleInput } from '@papo/contract/article-schemas';
import type { ArticleCreated } from '@papo/contract/editor';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';

/** `POST /api/editor/articles`: the first save of a new article. */
function createArticle(input: ArticleInput): Promise<ArticleCreated> {
  return apiFetch<ArticleCreated>('/api/editor/articles', { method: 'POST', json: input });
}

export function useCreateArticle() {
  return useMutation({ mutationFn: createArticle });
}
