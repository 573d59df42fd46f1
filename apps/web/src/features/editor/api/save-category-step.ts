import type { CategorySaved } from '@papo/contract/editor';
import { useMutation } from '@tanstack/react-query';
import { apiFetch, revisionTag } from '../../../lib/api';

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
  return apiFetch<CategorySaved>(`/api/editor_edit2/${id}`, {
    method: 'PUT',
    ifMatch: revisionTag(revision),
    form: {
      category: String(input.category),
      isPublished: String(input.isPublished),
      isLyrics: String(input.isLyrics),
      composer: input.composer,
      publishAt: input.publishAt,
    },
  });
}

export function useSaveCategoryStep() {
  return useMutation({ mutationFn: saveCategoryStep });
}
