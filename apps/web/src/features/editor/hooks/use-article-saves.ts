import { articleInput, type ArticleInput } from '@papo/contract/article-schemas';
import type { ArticleSaved, EditorArticle } from '@papo/contract/editor';
import { useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker, useNavigate } from 'react-router';
import { editorPaths, paths } from '../../../config/paths';
import { ApiError, messageText } from '../../../lib/api';
import { checkFields, type FieldErrors } from '../../../lib/field-errors';
import { useCreateArticle } from '../api/create-article';
import { editorKeys } from '../api/editor-keys';
import { getEditorArticle } from '../api/get-editor-article';
import { usePublishArticleChanges } from '../api/publish-article-changes';
import { restoreArticleRevision } from '../api/restore-article-revision';
import { useSaveArticle } from '../api/save-article';
import { dropLocalDraft, writeLocalDraft } from '../lib/local-draft';
import type { TypedArticle } from './use-article-fields';

export type SaveState =
  | { kind: 'idle' }
  | { kind: 'dirty' }
  | { kind: 'saving' }
  | { kind: 'saved'; at: Date }
  | { kind: 'published'; at: Date }
  | { kind: 'conflict' }
  /** The server could not be reached (or failed): the save is tried again by itself at `at` (epoch ms). */
  | { kind: 'retrying'; at: number }
  /** The server refused the save (a field, a rule): nothing is tried again until the text changes. */
  | { kind: 'error'; text: string };

/** How the form starts again: a line said above it, and whether its text is one brought back unsaved (to save). */
export interface ReloadOptions {
  notice?: string;
  recovered?: boolean;
}

/** Quiet after a change before the draft is saved by itself (ms). */
export const autosaveDelay = 3000;
/** How soon after a change what is typed is kept in the browser's storage (ms). */
const localDraftDelay = 800;

/** Waits before trying a failed save again: 5 s, then twice as long each time, at most a minute. */
const retryDelay = (failures: number) => Math.min(5000 * 2 ** (failures - 1), 60_000);

/** A failure worth trying again by itself: no answer, a timeout, too many requests, or a server error. */
const isTransient = (error: unknown) =>
  error instanceof ApiError &&
  (error.status === 0 || error.status === 408 || error.status === 429 || error.status >= 500);

/** Field keys (the contract's check or a refused save) as the editor's texts, the first of each field. */
function fieldTextsOf(t: TFunction, keys: FieldErrors) {
  const texts: Record<string, string> = {};
  for (const [field, [key = ''] = []] of Object.entries(keys)) {
    texts[field] =
      field === 'content' && key === 'too_long'
        ? t('editor.errors.content_too_long')
        : messageText(t, key, 'editor.errors');
  }
  return texts;
}

/** A failure said in the editor's words (anything that is no answer of the API is the generic one). */
const failureText = (t: TFunction, error: unknown) =>
  error instanceof ApiError ? messageText(t, error.message, 'editor.errors') : t('errors.generic');

/** The article as typed here, as a save sends it (the other steps' choices as the editor read them). */
function inputOf(
  article: EditorArticle,
  { title, slug, description, youtube, content }: Omit<TypedArticle, 'settleSlug'>,
): ArticleInput {
  return {
    title,
    slug: slug || undefined,
    content: content.current,
    description,
    youtube: youtube.trim() || null,
    cover: article.cover,
    images: article.images,
    categoryId: article.category,
    // A scheduled article keeps its schedule; the category step decides publication.
    isPublished: article.isPublished || article.publishAt !== null,
    publishAt: article.publishAt,
    isLyrics: article.isLyrics,
  };
}

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
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { title, slug, description, youtube, content, settleSlug } = typed;
  const [id, setId] = useState<number | null>(article.id || null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [save, setSave] = useState<SaveState>({ kind: recovered ? 'dirty' : 'idle' });
  // Counts the changes, so that each one starts the autosave's and the browser copy's wait again.
  const [version, setVersion] = useState(0);
  const saving = useRef(false);
  // An autosave that came due while another save was on the way: it runs once that one is back.
  const dueWhileSaving = useRef(false);
  // The save on its way, if any: publishing waits for it.
  const inFlight = useRef<Promise<void>>(Promise.resolve());
  // The revision this text was read as or last saved as: sent as If-Match, so a save never overwrites one unseen.
  const revision = useRef(article.revision);
  // NOTE: refs as well as state: a navigation right after a save reads them before the next render.
  const unsaved = useRef(recovered);
  const edits = useRef(0);
  const [pending, setPending] = useState(article.pendingChanges);
  // The address the public reads now: a live article's new slug goes live with "Publicar alterações".
  const [liveSlug, setLiveSlug] = useState(article.liveSlug);
  const [theirs, setTheirs] = useState<EditorArticle | null>(null);
  const { mutateAsync: saveArticle } = useSaveArticle();
  const { mutateAsync: publishArticleChanges } = usePublishArticleChanges();

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

  const send = useSend({ article, id, setId, revision, settleSlug, setPending, setLiveSlug });
  const { failed, failures } = useSaveFailure({ showConflict, setSave, setFieldErrors });

  /** Saves what is typed; `autosave` when the editor saves by itself (such saves fold into one revision per ten minutes). */
  const persist = useCallback(
    async (autosave = false): Promise<boolean> => {
      if (!title.trim() || save.kind === 'conflict') return false;
      if (saving.current) {
        dueWhileSaving.current = true;
        return false;
      }
      const input = inputNow();
      const checked = articleInput.safeParse(input);
      if (!checked.success) {
        // The contract's own check: what the server would refuse is said without a call.
        setFieldErrors(fieldTextsOf(t, checkFields(checked.error)));
        setSave({ kind: 'error', text: messageText(t, 'validation_failed', 'editor.errors') });
        return false;
      }
      saving.current = true;
      let settle!: () => void;
      inFlight.current = new Promise<void>((resolve) => {
        settle = resolve;
      });
      const editsAtStart = edits.current;
      setSave({ kind: 'saving' });
      try {
        await send(input, autosave);
        if (edits.current === editsAtStart) {
          unsaved.current = false;
          // Saved: nothing of this text needs the browser's copy any more (the first save leaves the `new` one).
          dropLocalDraft(article.id || null);
          if (id !== null) dropLocalDraft(id);
        }
        failures.current = 0;
        setFieldErrors({});
        setSave((current) => (current.kind === 'saving' ? { kind: 'saved', at: new Date() } : current));
        void queryClient.invalidateQueries({ queryKey: editorKeys.lists });
        void queryClient.invalidateQueries({ queryKey: editorKeys.revisionsAll });
        return true;
      } catch (error) {
        await failed(error);
        return false;
      } finally {
        saving.current = false;
        settle();
        if (dueWhileSaving.current) {
          dueWhileSaving.current = false;
          // NOTE: the text lives in a ref, so nothing else would start the autosave again for an edit made meanwhile.
          setVersion((v) => v + 1);
        }
      }
    },
    [article, failed, failures, id, inputNow, queryClient, save.kind, send, t, title],
  );

  useLocalDraftCopy({ id, typed, unsaved, revision, version });

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

/** Sends the text: the first save creates the article (the screen moves to its address), later ones update it. */
function useSend({
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

/**
 * How a failed save ends: a conflict, a failure tried again by itself (`failures` in a row make the wait grow), or a
 * refusal said beside its fields.
 */
function useSaveFailure({
  showConflict,
  setSave,
  setFieldErrors,
}: {
  showConflict: () => Promise<void>;
  setSave: (state: SaveState) => void;
  setFieldErrors: (errors: Record<string, string>) => void;
}) {
  const { t } = useTranslation();
  const failures = useRef(0);
  const failed = useCallback(
    async (error: unknown) => {
      if (error instanceof ApiError && error.status === 412) {
        await showConflict();
        return;
      }
      if (isTransient(error)) {
        failures.current += 1;
        setSave({ kind: 'retrying', at: Date.now() + retryDelay(failures.current) });
        return;
      }
      const errors = error instanceof ApiError ? fieldTextsOf(t, error.errors) : {};
      if (error instanceof ApiError && error.message === 'slug_taken')
        errors.slug = messageText(t, 'slug_taken', 'editor.errors');
      setFieldErrors(errors);
      setSave({ kind: 'error', text: failureText(t, error) });
    },
    [setFieldErrors, setSave, showConflict, t],
  );
  return { failed, failures };
}

/**
 * The conflict dialog's three ways out, none of which loses a text: keep theirs, keep mine, or save a merge of both.
 * `theirs` is the text someone else saved since this one was read.
 */
function useConflictChoices({
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
      // NOTE: the dialog goes with the reload (a new form), never before it: until then the form holds what is typed.
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

/** What is typed goes to the browser's storage a moment after each change, until a save takes it. */
function useLocalDraftCopy({
  id,
  typed: { title, description, youtube, content },
  unsaved,
  revision,
  version,
}: {
  id: number | null;
  typed: TypedArticle;
  unsaved: RefObject<boolean>;
  revision: RefObject<number>;
  version: number;
}) {
  useEffect(() => {
    if (!unsaved.current) return;
    const timer = setTimeout(() => {
      if (unsaved.current) {
        const draft = {
          title,
          description,
          youtube,
          content: content.current,
          revision: revision.current,
          at: new Date().toISOString(),
        };
        writeLocalDraft(id, draft);
      }
    }, localDraftDelay);
    return () => clearTimeout(timer);
  }, [version, id, title, description, youtube, unsaved, content, revision]);
}

/** What starts a save by itself: a failed one's wait over (or the browser back online), Ctrl+S, a quiet moment. */
function useSaveTriggers(save: SaveState, version: number, persist: (autosave?: boolean) => Promise<boolean>) {
  useEffect(() => {
    if (save.kind !== 'retrying') return;
    const timer = setTimeout(() => void persist(true), Math.max(0, save.at - Date.now()));
    const online = () => void persist(true);
    window.addEventListener('online', online);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('online', online);
    };
  }, [save, persist]);

  // Ctrl+S / Cmd+S saves now, as in any editor (the browser's "save page" is not what a writer means here).
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 's') {
        event.preventDefault();
        void persist();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [persist]);

  useEffect(() => {
    if (save.kind !== 'dirty') return;
    const timer = setTimeout(() => void persist(true), autosaveDelay);
    return () => clearTimeout(timer);
  }, [version, save.kind, persist]);
}

/**
 * Leaving with unsaved changes asks first: closing the tab (while `asks`), and links inside the app while a change
 * or a save is on its way; the move of a new article to its own address after its first save is no leaving.
 */
function useLeaveGuard({
  asks,
  unsaved,
  saving,
  id,
}: {
  asks: boolean;
  unsaved: RefObject<boolean>;
  saving: RefObject<boolean>;
  id: number | null;
}) {
  useEffect(() => {
    if (!asks) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [asks]);
  return useBlocker(
    ({ currentLocation, nextLocation }) =>
      (unsaved.current || saving.current) &&
      currentLocation.pathname !== nextLocation.pathname &&
      !(id === null && nextLocation.pathname.startsWith(`${paths.editor}/`)),
  );
}

/** The article editor's save machinery, as the form's parts use it. */
export type ArticleSaves = ReturnType<typeof useArticleSaves>;
