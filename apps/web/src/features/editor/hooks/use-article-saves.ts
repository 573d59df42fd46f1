import type { EditorArticle } from '@papo/contract/editor-articles';
import { useCallback, useRef, useState } from 'react';
import { useSaveArticle } from '../api/save-article';
import { getEditorArticle } from '../api/get-editor-article';
import { inputOf, type ReloadOptions, type SaveState } from '../lib/article-save';
import type { TypedArticle } from './use-article-fields';
import { useConflictChoices } from './use-conflict-choices';
import { usePersist } from './use-persist';
import { useRevisionMoves } from './use-revision-moves';
import { useSaveFailure } from './use-save-failure';
import { useLeaveGuard, useLocalDraftCopy, useSaveTriggers } from './use-save-triggers';
import { useSendArticle } from './use-send-article';

export type { ReloadOptions, SaveState } from '../lib/article-save';
export { autosaveDelay } from './use-save-triggers';

/**
 * The article editor's saves: each save names the revision it was typed on (If-Match), so it never overwrites one
 * unseen (a 412 opens the conflict and its three ways out: keep theirs, keep mine, merge); the editor saves by itself
 * after a quiet moment and tries a failed save again with a growing wait; what is typed waits in the browser's
 * storage until a save takes it; Ctrl+S saves now, and leaving with something unsaved asks first.
 */
export function useArticleSaves({
  article,
  recovered,
  typed,
  onReload,
}: {
  article: EditorArticle;
  /** The text is one brought back from the browser's storage: unsaved, so it is saved like any change. */
  recovered: boolean;
  typed: TypedArticle;
  /** Starts the form again from another text (a restore, "keep theirs", a merge). */
  onReload: (article: EditorArticle, options?: ReloadOptions) => void;
}) {
  const { title, slug, description, youtube, content, settleSlug } = typed;
  const [id, setId] = useState<number | null>(article.id || null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [save, setSave] = useState<SaveState>({ kind: recovered ? 'dirty' : 'idle' });
  // Counts the changes, so that each one starts the autosave's and the browser copy's wait again.
  const [version, setVersion] = useState(0);
  // The revision this text was read as or last saved as: sent as If-Match, so a save never overwrites one unseen.
  const revision = useRef(article.revision);
  // refs as well as state: a navigation right after a save reads them before the next render.
  const unsaved = useRef(recovered);
  const edits = useRef(0);
  const [pending, setPending] = useState(article.pendingChanges);
  // The address the public reads now: a live article's new slug goes live with "Publicar alterações".
  const [liveSlug, setLiveSlug] = useState(article.liveSlug);
  const [theirs, setTheirs] = useState<EditorArticle | null>(null);
  const { mutateAsync: saveArticle } = useSaveArticle();

  const dirty = save.kind === 'dirty' || save.kind === 'error' || save.kind === 'conflict' || save.kind === 'retrying';
  /** A field changed: the text is unsaved, and the autosave's wait starts again. */
  const touch = () => {
    unsaved.current = true;
    edits.current += 1;
    setSave((current) => (current.kind === 'conflict' ? current : { kind: 'dirty' }));
    setVersion((v) => v + 1);
  };

  /** Someone saved since this text was read: nothing was written; the dialog shows theirs. */
  const showConflict = useCallback(async () => {
    setSave({ kind: 'conflict' });
    if (id !== null) setTheirs(await getEditorArticle(id));
  }, [id]);
  const inputNow = useCallback(
    () => inputOf(article, { title, slug, description, youtube, content }),
    [article, content, description, slug, title, youtube],
  );

  const send = useSendArticle({ article, id, setId, revision, settleSlug, setPending, setLiveSlug });
  const { failed, failures } = useSaveFailure({ showConflict, setSave, setFieldErrors });

  const { persist, saving, inFlight } = usePersist({
    article,
    id,
    title,
    saveKind: save.kind,
    inputNow,
    send,
    failed,
    failures,
    setFieldErrors,
    setSave,
    setVersion,
    unsaved,
    edits,
  });
  useLocalDraftCopy({ id, typed, unsaved, revision, version });

  const { publish, reloadFromServer, restore } = useRevisionMoves({
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
  });

  const { keepError, keepTheirs, saveMerged, keepMine } = useConflictChoices({
    id,
    theirs,
    setTheirs,
    saveKind: save.kind,
    setSave,
    revision,
    inputNow,
    saveArticle,
    showConflict,
    reloadFromServer,
    persist,
  });

  useSaveTriggers(save, version, persist);
  const blocker = useLeaveGuard({ asks: dirty || save.kind === 'saving', unsaved, saving, id });

  return {
    id,
    save,
    /** Something typed is not saved yet (waiting, refused, in conflict or to be tried again). */
    dirty,
    fieldErrors,
    pending,
    liveSlug,
    /** The newer text someone else saved, while the conflict dialog is open. */
    theirs,
    keepError,
    blocker,
    touch,
    persist,
    /** Saves first if anything is unsaved: true once nothing is. */
    saveIfUnsaved: () => (unsaved.current ? persist() : Promise.resolve(true)),
    publish,
    restore,
    showConflict,
    keepTheirs,
    keepMine,
    saveMerged,
    /** The article is gone: nothing is left to save, so leaving does not ask. */
    forget: () => {
      unsaved.current = false;
      saving.current = false;
    },
  };
}

/** The article editor's save machinery, as the form's parts use it. */
export type ArticleSaves = ReturnType<typeof useArticleSaves>;
