import type { ArticleSaved, EditorArticle } from '@papo/contract/editor-articles';
import type { ArticleInput } from '@papo/contract/article-schemas';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api';
import { restoreArticleRevision } from '../api/restore-article-revision';
import type { useSaveArticle } from '../api/save-article';
import { failureText, type SaveState } from '../lib/article-save';

/**
 * The conflict dialog's three ways out, none of which loses a text: keep theirs, keep mine, or save a merge of both.
 * `theirs` is the text someone else saved since this one was read.
 */
export function useConflictChoices({
  id,
  theirs,
  setTheirs,
  saveKind,
  setSave,
  revision,
  inputNow,
  saveArticle,
  showConflict,
  reloadFromServer,
  persist,
}: {
  id: number | null;
  theirs: EditorArticle | null;
  setTheirs: (theirs: EditorArticle | null) => void;
  saveKind: SaveState['kind'];
  setSave: (state: SaveState) => void;
  revision: RefObject<number>;
  inputNow: () => ArticleInput;
  saveArticle: ReturnType<typeof useSaveArticle>['mutateAsync'];
  showConflict: () => Promise<void>;
  reloadFromServer: (saved?: ArticleSaved, notice?: string) => Promise<void>;
  persist: () => Promise<boolean>;
}) {
  const { t, i18n } = useTranslation();
  /** A conflict's way out failed: a newer save meanwhile shows it, anything else keeps the dialog's choice open. */
  const [keepError, setKeepError] = useState<string | null>(null);
  const keepFailed = async (error: unknown) => {
    if (error instanceof ApiError && error.status === 412) await showConflict();
    else setSave({ kind: 'conflict' });
    setKeepError(failureText(t, error));
  };
  const timeNow = () => new Intl.DateTimeFormat(i18n.language, { timeStyle: 'short' }).format(new Date());

  /**
   * "Keep theirs" loses nothing: the text typed here is saved first as a revision on top of theirs, then theirs is
   * restored over it, so this editor's text stays in the history (and the notice says so).
   */
  const keepTheirs = async () => {
    setKeepError(null);
    if (!theirs || id === null) return;
    setSave({ kind: 'saving' });
    try {
      const mine = await saveArticle({ id, input: inputNow(), revision: theirs.revision });
      const restored =
        mine.revision === theirs.revision ? mine : await restoreArticleRevision(id, theirs.revision, mine.revision);
      const at = timeNow();
      // the dialog goes with the reload (a new form), never before it: until then the form holds what is typed.
      await reloadFromServer(
        restored,
        mine.revision === theirs.revision ? undefined : t('conflict.mineKept', { time: at }),
      );
    } catch (error) {
      await keepFailed(error);
    }
  };

  /**
   * The merge view's text, saved on top of theirs: the title and description typed here with the body as merged. As
   * with "keep theirs", what is typed here is first saved as a revision on top of theirs (their version as `If-Match`),
   * so the merge loses nothing; the editor then opens the merged text.
   */
  const saveMerged = async (html: string) => {
    if (!theirs || id === null) return;
    setSave({ kind: 'saving' });
    setKeepError(null);
    try {
      const mine = await saveArticle({ id, input: inputNow(), revision: theirs.revision });
      const merged = await saveArticle({ id, input: { ...inputNow(), content: html }, revision: mine.revision });
      const at = timeNow();
      await reloadFromServer(
        merged,
        t('conflict.merge.saved', { time: at, name: theirs.revisionAuthor ?? t('conflict.unknownAuthor') }),
      );
    } catch (error) {
      await keepFailed(error);
    }
  };

  /** "Keep mine": the text typed here becomes a new revision on top of theirs, saved at once. */
  const saveOnceDirty = useRef(false);
  const keepMine = () => {
    setKeepError(null);
    if (!theirs) return;
    revision.current = theirs.revision;
    setTheirs(null);
    saveOnceDirty.current = true;
    setSave({ kind: 'dirty' });
  };
  useEffect(() => {
    if (!saveOnceDirty.current || saveKind !== 'dirty') return;
    saveOnceDirty.current = false;
    void persist();
  }, [saveKind, persist]);

  return { keepError, keepTheirs, saveMerged, keepMine };
}
