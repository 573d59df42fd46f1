import { editorArticleRoutes } from '@papo/contract/browser-routes/editor-articles';
import type { CategorySaved } from '@papo/contract/editor-articles';
import { useMutation } from '@tanstack/react-query';
import { api, revisionTag } from '../../../lib/api';

interface CategoryStepInput {
  category: number;
  isPublished: boolean;
  isLyrics: boolean;
  /** A lyric's composer; empty: none. */
  composer: string;
  publishAt: string;
}

/** `PUT /api/editor_edit2/{id}`: the category step; 412 `edit_conflict` when `revision` (the article's version this step read) is stale. */
function saveCategoryStep({
  id,
  input,
  revision,
}: {
  id: number;
  input: CategoryStepInput;
  revision: number;
}): Promise<CategorySaved> {
  // sent form-encoded, as the specification's client sends this step (the route's `formBody`).
  return api(editorArticleRoutes.categoryStep, {
    params: { id },
    ifMatch: revisionTag(revision),
    body: {
      category: String(input.category),
      isPublished: input.isPublished,
      isLyrics: input.isLyrics,
      composer: input.composer,
      publishAt: input.publishAt,
    },
  });
}

export function useSaveCategoryStep() {
  return useMutation({ mutationFn: saveCategoryStep });
}
