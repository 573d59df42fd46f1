import type { ArticleSaved, EditorArticle } from '@papo/contract/editor-articles';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api';
import { getEditorArticle } from '../api/get-editor-article';
import { usePublishArticleChanges } from '../api/publish-article-changes';
import { restoreArticleRevision } from '../api/restore-article-revision';
import { failureText, type ReloadOptions, type SaveState } from '../lib/article-save';
import { dropLocalDraft } from '../lib/local-draft';

/**
 * Moves between the article's texts on the server: "Publicar alterações" (the newest text goes live), restoring an
 * older revision, and starting the form again from the server's newest text.
 */
export function useRevisionMoves({
  id,
  revision,
  unsaved,
  inFlight,
  persist,
  setSave,
  setPending,
  setLiveSlug,
  showConflict,
  onReload,
}: {
  id: number | null;
  revision: RefObject<number>;
  unsaved: RefObject<boolean>;
  inFlight: RefObject<Promise<void>>;
  persist: () => Promise<boolean>;
  setSave: (state: SaveState) => void;
  setPending: (pending: boolean) => void;
  setLiveSlug: (slug: string) => void;
  showConflict: () => Promise<void>;
  onReload: (article: EditorArticle, options?: ReloadOptions) => void;
}) {
  const { t } = useTranslation();
  const { mutateAsync: publishArticleChanges } = usePublishArticleChanges();

  /** "Publicar alterações": what is typed is saved first, then the newest text goes live. */
  const publish = async () => {
    if (id === null) return;
    // An autosave on its way first; then what was typed since, if anything.
    await inFlight.current;
    if (unsaved.current && !(await persist())) return;
    setSave({ kind: 'saving' });
    try {
      const published = await publishArticleChanges({ id, revision: revision.current });
      revision.current = published.revision;
      setPending(false);
      setLiveSlug(published.liveSlug);
      setSave({ kind: 'published', at: new Date() });
    } catch (error) {
      if (error instanceof ApiError && error.status === 412) await showConflict();
      else setSave({ kind: 'error', text: failureText(t, error) });
    }
  };

  /** After a restore or "keep theirs": the form starts again from the server's newest text (`notice` said above it). */
  const reloadFromServer = async (saved?: ArticleSaved, notice?: string) => {
    if (id === null) return;
    const fresh = await getEditorArticle(id);
    unsaved.current = false;
    // The text typed here is in the history now (or the editor chose the server's): the browser's copy goes.
    dropLocalDraft(id);
    onReload(saved ? { ...fresh, pendingChanges: saved.pendingChanges } : fresh, { notice });
  };

  /** Brings back an older revision, naming the one held here, so it cannot undo a save this editor has not seen. */
  const restore = async (revisionId: number) => {
    if (id === null) return;
    const saved = await restoreArticleRevision(id, revisionId, revision.current);
    void reloadFromServer(saved);
  };

  return { publish, reloadFromServer, restore };
}
