import type { ArticleInput } from '@papo/contract/article-schemas';
import type { EditorArticle } from '@papo/contract/editor-articles';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, type RefObject } from 'react';
import { useNavigate } from 'react-router';
import { editorPaths } from '../../../config/paths';
import { useCreateArticle } from '../api/create-article';
import { editorKeys } from '../api/editor-keys';
import { useSaveArticle } from '../api/save-article';

/** Sends the text: the first save creates the article (the screen moves to its address), later ones update it. */
export function useSendArticle({
  article,
  id,
  setId,
  revision,
  settleSlug,
  setPending,
  setLiveSlug,
}: {
  article: EditorArticle;
  id: number | null;
  setId: (id: number) => void;
  revision: RefObject<number>;
  settleSlug: (slug: string) => void;
  setPending: (pending: boolean) => void;
  setLiveSlug: (slug: string) => void;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { mutateAsync: createArticle } = useCreateArticle();
  const { mutateAsync: saveArticle } = useSaveArticle();
  return useCallback(
    async (input: ArticleInput, autosave: boolean) => {
      if (id === null) {
        const created = await createArticle(input);
        revision.current = created.revision;
        setId(created.id);
        settleSlug(created.slug);
        // The same screen stays mounted on /editor/{id}: the text being typed is not reloaded.
        queryClient.setQueryData(editorKeys.article(created.id), {
          ...article,
          ...input,
          id: created.id,
          slug: created.slug,
          liveSlug: created.slug,
          youtube: input.youtube ?? null,
          revision: created.revision,
        });
        void navigate(editorPaths.content(created.id), { replace: true });
      } else {
        const saved = await saveArticle({ id, input, revision: revision.current, autosave });
        revision.current = saved.revision;
        settleSlug(saved.slug);
        setPending(saved.pendingChanges);
        setLiveSlug(saved.liveSlug);
      }
    },
    [
      article,
      createArticle,
      id,
      navigate,
      queryClient,
      revision,
      saveArticle,
      setId,
      setLiveSlug,
      setPending,
      settleSlug,
    ],
  );
}
