import { articleInput, type ArticleInput } from '@papo/contract/article-schemas';
import { articleLimits } from '@papo/contract/articles';
import type { ArticleSaved, EditorArticle } from '@papo/contract/editor';
import { slugify } from '@papo/contract/slug';
import { useQueryClient } from '@tanstack/react-query';
import clsx from 'clsx';
import { AlertTriangle, Check, Eye, History, Link2, Loader2, Send, Trash2, WifiOff } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker, useLocation, useNavigate } from 'react-router';
import { FormField } from '../../../components/form-field';
import { PageTitle } from '../../../components/page-title';
import { StatePanel } from '../../../components/state-panel';
import { editorPaths, paths } from '../../../config/paths';
import { ApiError, messageText } from '../../../lib/api';
import { checkFields, type FieldErrors } from '../../../lib/field-errors';
import { textBlocks } from '../../../lib/text-blocks';
import { useCreateArticle } from '../api/create-article';
import { editorKeys } from '../api/editor-keys';
import { getArticleRevision } from '../api/get-article-revision';
import { articleRevisions } from '../api/get-article-revisions';
import { getEditorArticle } from '../api/get-editor-article';
import { usePublishArticleChanges } from '../api/publish-article-changes';
import { restoreArticleRevision } from '../api/restore-article-revision';
import { useSaveArticle } from '../api/save-article';
import { pageTitleClass, primaryButtonClass, secondaryButtonClass } from '../lib/classes';
import { emptyArticle } from '../lib/empty-article';
import { dropLocalDraft, readLocalDraft, writeLocalDraft, type LocalDraft } from '../lib/local-draft';
import { ArticleGate } from './article-gate';
import { ConflictDialog } from '../../../components/conflict-dialog';
import { HistoryPanel } from '../../../components/history-panel';
import { LeaveDialog } from '../../../components/leave-guard';
import { DeleteArticleDialog } from './delete-article-dialog';
import { PreviewLinksDialog } from './preview-links-dialog';
import { EditorSteps } from './editor-steps';
import { useArticleId } from './use-article-id';

// NOTE: TipTap and ProseMirror load with the editor only, never with a public page (DESIGN §11).
const RichTextEditor = lazy(() => import('./rich-text-editor').then((m) => ({ default: m.RichTextEditor })));

/** Seconds of quiet after a change before the draft is saved. */
const autosaveDelay = 3000;
/** How soon after a change what is typed is kept in the browser's storage. */
const localDraftDelay = 800;

/** The article editor at /editor (new) and /editor/{id}. */
export function ArticleEditorScreen() {
  const { t } = useTranslation();
  const id = useArticleId();
  const { pathname } = useLocation();
  const isNew = id === null && pathname === paths.editor;
  const queryClient = useQueryClient();
  // Another text loaded in place of the one being edited (a restore, "keep theirs"): the form starts again from it.
  const [reloaded, setReloaded] = useState<({ article: EditorArticle; count: number } & ReloadOptions) | null>(null);
  const reload = (article: EditorArticle, options: ReloadOptions = {}) => {
    // NOTE: a text brought back from the browser is not the server's: the cache keeps the server's article.
    if (!options.recovered) queryClient.setQueryData(editorKeys.article(article.id), article);
    setReloaded((current) => ({ article, count: (current?.count ?? 0) + 1, ...options }));
  };
  return (
    <div className="mx-auto max-w-4xl">
      <PageTitle title={t('editor.title')} />
      <h1 className={`${pageTitleClass} mb-4`}>{t('editor.title')}</h1>
      <EditorSteps id={id} />
      {/* One tree for both routes, so the form survives the move from /editor to /editor/{id} after the first save. */}
      <ArticleGate id={id} fresh={isNew ? emptyArticle : undefined}>
        {(loaded) => {
          const article = reloaded?.article.id === loaded.id ? reloaded.article : loaded;
          const options = reloaded?.article.id === loaded.id ? reloaded : undefined;
          return (
            <EditorForm
              key={reloaded?.count ?? 0}
              article={article}
              notice={options?.notice}
              recovered={options?.recovered ?? false}
              onReload={reload}
            />
          );
        }}
      </ArticleGate>
    </div>
  );
}

/** How the form starts again: a line said above it, and whether its text is one brought back unsaved (to save). */
interface ReloadOptions {
  notice?: string;
  recovered?: boolean;
}

type SaveState =
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

/** Waits before trying a failed save again: 5 s, then twice as long each time, at most a minute. */
const retryDelay = (failures: number) => Math.min(5000 * 2 ** (failures - 1), 60_000);

/** A failure worth trying again by itself: no answer, a timeout, too many requests, or a server error. */
const isTransient = (error: unknown) =>
  error instanceof ApiError &&
  (error.status === 0 || error.status === 408 || error.status === 429 || error.status >= 500);

function EditorForm({
  article,
  notice,
  recovered,
  onReload,
}: {
  article: EditorArticle;
  notice?: string;
  recovered: boolean;
  onReload: (article: EditorArticle, options?: ReloadOptions) => void;
}) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [id, setId] = useState<number | null>(article.id || null);
  const [title, setTitle] = useState(article.title);
  const [slug, setSlug] = useState(article.slug);
  const [slugEdited, setSlugEdited] = useState(Boolean(article.id));
  const [description, setDescription] = useState(article.description);
  const [youtube, setYoutube] = useState(article.youtube ?? '');
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  // The body's error sits under the body, far below the top in a long article: it is brought into view when said.
  const bodyError = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (fieldErrors.content) bodyError.current?.scrollIntoView?.({ block: 'center' });
  }, [fieldErrors.content]);
  const content = useRef(article.content);
  // A text brought back from the browser's storage is unsaved: it is saved like any change.
  const [save, setSave] = useState<SaveState>({ kind: recovered ? 'dirty' : 'idle' });
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
  // Text typed here earlier and never saved (a tab closed before its save): offered back once, above the form.
  const [offer, setOffer] = useState<LocalDraft | null>(() => {
    if (recovered) return null;
    const kept = readLocalDraft(article.id || null);
    const differs =
      kept &&
      (kept.title !== article.title ||
        kept.description !== article.description ||
        kept.youtube !== (article.youtube ?? '') ||
        kept.content !== article.content);
    return differs ? kept : null;
  });
  const edits = useRef(0);
  const [pending, setPending] = useState(article.pendingChanges);
  // The address the public reads now: a live article's new slug goes live with "Publicar alterações".
  const [liveSlug, setLiveSlug] = useState(article.liveSlug);
  const [theirs, setTheirs] = useState<EditorArticle | null>(null);
  const [panel, setPanel] = useState<'history' | 'previewLinks' | 'delete' | null>(null);
  const live = article.isPublished;
  const { mutateAsync: createArticle } = useCreateArticle();
  const { mutateAsync: saveArticle } = useSaveArticle();
  const { mutateAsync: publishArticleChanges } = usePublishArticleChanges();

  const dirty = save.kind === 'dirty' || save.kind === 'error' || save.kind === 'conflict' || save.kind === 'retrying';
  // Failed saves in a row (the next wait doubles with each).
  const failures = useRef(0);
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
  const effectiveSlug = slugEdited ? slug : slugify(title);
  /** Field keys (the contract's check or a refused save) as the editor's texts, the first of each field. */
  const fieldTextsOf = useCallback(
    (keys: FieldErrors) => {
      const texts: Record<string, string> = {};
      for (const [field, [key = ''] = []] of Object.entries(keys)) {
        texts[field] =
          field === 'content' && key === 'too_long'
            ? t('editor.errors.content_too_long')
            : messageText(t, key, 'editor.errors');
      }
      return texts;
    },
    [t],
  );

  /** The article as typed here, as a save sends it. */
  const inputNow = useCallback(
    (): ArticleInput => ({
      title,
      slug: effectiveSlug || undefined,
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
    }),
    [article, description, effectiveSlug, title, youtube],
  );

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
        setFieldErrors(fieldTextsOf(checkFields(checked.error)));
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
        if (id === null) {
          const created = await createArticle(input);
          revision.current = created.revision;
          setId(created.id);
          setSlug(created.slug);
          setSlugEdited(true);
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
          setSlug(saved.slug);
          setPending(saved.pendingChanges);
          setLiveSlug(saved.liveSlug);
        }
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
        if (error instanceof ApiError && error.status === 412) {
          await showConflict();
          return false;
        }
        if (isTransient(error)) {
          failures.current += 1;
          setSave({ kind: 'retrying', at: Date.now() + retryDelay(failures.current) });
          return false;
        }
        const errors = error instanceof ApiError ? fieldTextsOf(error.errors) : {};
        if (error instanceof ApiError && error.message === 'slug_taken')
          errors.slug = messageText(t, 'slug_taken', 'editor.errors');
        setFieldErrors(errors);
        setSave({
          kind: 'error',
          text: error instanceof ApiError ? messageText(t, error.message, 'editor.errors') : t('errors.generic'),
        });
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
    [
      article,
      createArticle,
      fieldTextsOf,
      id,
      inputNow,
      navigate,
      queryClient,
      saveArticle,
      save.kind,
      showConflict,
      t,
      title,
    ],
  );

  // A failed save is tried again by itself when its wait is over, or as soon as the browser is back online.
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

  // What is typed goes to the browser's storage a moment after each change, until a save takes it.
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
  }, [version, id, title, description, youtube]);

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
      else
        setSave({
          kind: 'error',
          text: error instanceof ApiError ? messageText(t, error.message, 'editor.errors') : t('errors.generic'),
        });
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

  /**
   * "Keep theirs" loses nothing: the text typed here is saved first as a revision on top of theirs, then theirs is
   * restored over it, so this editor's text stays in the history (and the notice says so). A text the server refuses
   * (or a newer save meanwhile) keeps the dialog's choice open.
   */
  const [keepError, setKeepError] = useState<string | null>(null);
  const keepTheirs = async () => {
    if (!theirs || id === null) return;
    setSave({ kind: 'saving' });
    try {
      const mine = await saveArticle({ id, input: inputNow(), revision: theirs.revision });
      const restored =
        mine.revision === theirs.revision ? mine : await restoreArticleRevision(id, theirs.revision, mine.revision);
      const at = new Intl.DateTimeFormat(i18n.language, { timeStyle: 'short' }).format(new Date());
      // NOTE: the dialog goes with the reload (a new form), never before it: until then the form holds what is typed.
      await reloadFromServer(
        restored,
        mine.revision === theirs.revision ? undefined : t('conflict.mineKept', { time: at }),
      );
    } catch (error) {
      if (error instanceof ApiError && error.status === 412) await showConflict();
      else setSave({ kind: 'conflict' });
      setKeepError(error instanceof ApiError ? messageText(t, error.message, 'editor.errors') : t('errors.generic'));
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
      const at = new Intl.DateTimeFormat(i18n.language, { timeStyle: 'short' }).format(new Date());
      await reloadFromServer(
        merged,
        t('conflict.merge.saved', { time: at, name: theirs.revisionAuthor ?? t('conflict.unknownAuthor') }),
      );
    } catch (error) {
      if (error instanceof ApiError && error.status === 412) await showConflict();
      else setSave({ kind: 'conflict' });
      setKeepError(error instanceof ApiError ? messageText(t, error.message, 'editor.errors') : t('errors.generic'));
    }
  };

  /** "Keep mine": the text typed here becomes a new revision on top of theirs, saved at once. */
  const saveOnceDirty = useRef(false);
  const keepMine = () => {
    if (!theirs) return;
    revision.current = theirs.revision;
    setTheirs(null);
    saveOnceDirty.current = true;
    setSave({ kind: 'dirty' });
  };
  useEffect(() => {
    if (!saveOnceDirty.current || save.kind !== 'dirty') return;
    saveOnceDirty.current = false;
    void persist();
  }, [save.kind, persist]);

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

  // Autosave: a few seconds after the last change.
  useEffect(() => {
    if (save.kind !== 'dirty') return;
    const timer = setTimeout(() => void persist(true), autosaveDelay);
    return () => clearTimeout(timer);
  }, [version, save.kind, persist]);

  // Leaving with unsaved changes asks first: closing the tab, and links inside the app.
  useEffect(() => {
    if (!dirty && save.kind !== 'saving') return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty, save.kind]);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      (unsaved.current || saving.current) &&
      currentLocation.pathname !== nextLocation.pathname &&
      !(id === null && nextLocation.pathname.startsWith(`${paths.editor}/`)),
  );

  const root = useRef<HTMLDivElement>(null);
  const bar = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = bar.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() =>
      root.current?.style.setProperty('--editor-bar', `${element.offsetHeight}px`),
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const publicUrl = `${window.location.origin}${article.isLyrics ? paths.lyrics : paths.blog}/${effectiveSlug || '…'}`;

  return (
    <div ref={root} className="space-y-5">
      {/* The save state, "Salvar agora" and "Publicar alterações" stay in view under the site's header while a long
          article scrolls; the body's toolbar stays under them (its offset is this bar's height, --editor-bar). */}
      <div
        ref={bar}
        className="sticky top-16 z-20 -mx-4 flex flex-wrap items-center justify-between gap-x-3 gap-y-1.5 border-b border-slate-200 bg-slate-50/95 px-4 py-2 backdrop-blur sm:-mx-6 sm:px-6 lg:-mx-8 lg:px-8"
        data-testid="editor-bar"
      >
        <SaveStatus state={save} language={i18n.language} waitsForTitle={!title.trim() && dirty} />
        <div className="-mx-1 flex gap-2 overflow-x-auto px-1 py-0.5 max-sm:w-full sm:flex-wrap [&>*]:shrink-0 [&>*]:whitespace-nowrap">
          {id !== null && (
            <>
              <a
                href={editorPaths.preview(id)}
                target="_blank"
                rel="noopener"
                className={secondaryButtonClass}
                title={t('editor.previewHint')}
              >
                <Eye className="size-4" aria-hidden="true" />
                {t('editor.preview')}
              </a>
              <button type="button" className={secondaryButtonClass} onClick={() => setPanel('previewLinks')}>
                <Link2 className="size-4" aria-hidden="true" />
                {t('editor.previewLinks.open')}
              </button>
              <button type="button" className={secondaryButtonClass} onClick={() => setPanel('history')}>
                <History className="size-4" aria-hidden="true" />
                {t('history.open')}
              </button>
              <button type="button" className={secondaryButtonClass} onClick={() => setPanel('delete')}>
                <Trash2 className="size-4" aria-hidden="true" />
                {t('editor.delete.open')}
              </button>
            </>
          )}
          {/* NOTE: on a phone the bar scrolls sideways: saving and publishing come first there, in reach. */}
          <button
            type="button"
            className={clsx(live ? secondaryButtonClass : primaryButtonClass, 'max-sm:-order-1')}
            disabled={!title.trim() || save.kind === 'saving'}
            onClick={() => void persist()}
          >
            {t('editor.saveNow')}
          </button>
          {live && id !== null && (
            <button
              type="button"
              className={clsx(primaryButtonClass, 'max-sm:-order-2')}
              disabled={!(pending || dirty) || save.kind === 'saving' || save.kind === 'conflict'}
              onClick={() => void publish()}
            >
              <Send className="size-4" aria-hidden="true" />
              {t('editor.publishChanges')}
            </button>
          )}
        </div>
      </div>
      {offer && (
        <div
          role="region"
          aria-labelledby="local-draft-title"
          className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
          data-testid="local-draft"
        >
          <p id="local-draft-title">
            {t('editor.localDraft.text', {
              time: new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' }).format(
                new Date(offer.at),
              ),
            })}
          </p>
          <div className="mt-2 flex flex-wrap gap-2">
            <button
              type="button"
              className={primaryButtonClass}
              onClick={() => {
                setOffer(null);
                onReload(
                  {
                    ...article,
                    title: offer.title,
                    description: offer.description,
                    youtube: offer.youtube || null,
                    content: offer.content,
                    revision: offer.revision,
                  },
                  { recovered: true },
                );
              }}
            >
              {t('editor.localDraft.recover')}
            </button>
            <button
              type="button"
              className={secondaryButtonClass}
              onClick={() => {
                dropLocalDraft(article.id || null);
                setOffer(null);
              }}
            >
              {t('editor.localDraft.discard')}
            </button>
          </div>
        </div>
      )}
      {notice && (
        <p role="status" className="rounded-lg bg-sky-50 px-3 py-2 text-sm text-sky-900" data-testid="editor-notice">
          {notice}
        </p>
      )}
      {live && (
        <p
          className={
            pending || dirty
              ? 'rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900'
              : 'rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-900'
          }
          data-testid="live-state"
        >
          {pending || dirty ? t('editor.liveWithChanges') : t('editor.liveUpToDate')}
        </p>
      )}
      <FormField
        id="article-title"
        label={t('editor.fields.title')}
        required
        maxLength={articleLimits.title}
        value={title}
        error={fieldErrors.title}
        onChange={(e) => {
          setTitle(e.target.value);
          touch();
        }}
      />
      <div>
        <FormField
          id="article-slug"
          label={t('editor.fields.slug')}
          value={effectiveSlug}
          maxLength={articleLimits.slug}
          error={fieldErrors.slug}
          onChange={(e) => {
            setSlug(slugify(e.target.value) + (e.target.value.endsWith('-') ? '-' : ''));
            setSlugEdited(true);
            touch();
          }}
          aria-describedby="article-slug-preview"
        />
        <p id="article-slug-preview" className="mt-1 break-all text-xs text-slate-600" data-testid="slug-preview">
          {t('editor.fields.address')} <span className="font-mono text-slate-800">{publicUrl}</span>
        </p>
        {live && liveSlug && effectiveSlug && effectiveSlug !== liveSlug && (
          <p className="mt-1 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="slug-redirect">
            {t('editor.fields.addressRedirects', {
              old: `${article.isLyrics ? paths.lyrics : paths.blog}/${liveSlug}`,
            })}
          </p>
        )}
      </div>
      <div>
        <FormField
          id="article-description"
          label={t('editor.fields.description')}
          multiline
          rows={2}
          maxLength={articleLimits.description}
          value={description}
          error={fieldErrors.description}
          onChange={(e) => {
            setDescription(e.target.value);
            touch();
          }}
        />
        <p className="mt-1 text-right text-xs text-slate-600" aria-live="polite">
          {t('coverEditor.counter', { count: description.length, max: articleLimits.description })}
        </p>
      </div>
      <FormField
        id="article-youtube"
        label={t('editor.fields.youtube')}
        value={youtube}
        error={fieldErrors.youtube}
        placeholder="https://www.youtube.com/watch?v=…"
        onChange={(e) => {
          setYoutube(e.target.value);
          touch();
        }}
      />
      <div>
        <p id="article-body-label" className="mb-1.5 block text-sm font-medium text-slate-800">
          {t('editor.fields.body')}
        </p>
        <Suspense
          fallback={<StatePanel variant="card" icon={Loader2} spin role="status" title={t('editor.body.loading')} />}
        >
          <RichTextEditor
            labelId="article-body-label"
            initialHtml={article.content}
            onChange={(html) => {
              content.current = html;
              touch();
            }}
          />
        </Suspense>
        {fieldErrors.content && (
          <p
            id="article-body-error"
            ref={bodyError}
            role="alert"
            className="mt-1.5 scroll-mt-32 text-sm text-red-700"
            data-testid="body-error"
          >
            {fieldErrors.content}
          </p>
        )}
      </div>
      {id !== null && (
        <div className="flex justify-end">
          <button
            type="button"
            className={secondaryButtonClass}
            onClick={() =>
              void (unsaved.current ? persist() : Promise.resolve(true)).then(
                (saved) => saved && navigate(editorPaths.category(id)),
              )
            }
            disabled={save.kind === 'saving'}
          >
            {t('editor.next')}
          </button>
        </div>
      )}
      {blocker.state === 'blocked' && <LeaveDialog onStay={() => blocker.reset()} onLeave={() => blocker.proceed()} />}
      {panel === 'history' && id !== null && (
        <HistoryPanel
          queryKey={articleRevisions.queryKey(id)}
          load={(signal) => articleRevisions.load(id, signal)}
          // The restore names the revision the editor holds, so it cannot undo a save it has not seen.
          restore={async (row) => {
            const saved = await restoreArticleRevision(id, row.id, revision.current);
            setPanel(null);
            void reloadFromServer(saved);
          }}
          viewHref={(row) => editorPaths.preview(id, row.id)}
          differences={{
            load: async (row, signal) => {
              const then = await getArticleRevision(id, row.id, signal);
              return [then.title, ...textBlocks(then.content)].join('\n');
            },
            current: () => [title, ...textBlocks(content.current)].join('\n'),
          }}
          errorSection="editor.errors"
          onClose={() => setPanel(null)}
          onConflict={() => {
            setPanel(null);
            void showConflict();
          }}
        />
      )}
      {panel === 'previewLinks' && id !== null && <PreviewLinksDialog articleId={id} onClose={() => setPanel(null)} />}
      {panel === 'delete' && id !== null && (
        <DeleteArticleDialog
          articleId={id}
          title={title || article.title}
          linkedStores={article.linkedStores}
          onClose={() => setPanel(null)}
          onDeleted={() => {
            // Nothing is left to save: the list opens without the leave warning.
            unsaved.current = false;
            saving.current = false;
            void navigate(paths.editor_articles);
          }}
        />
      )}
      {theirs && (
        <ConflictDialog
          theirs={theirs}
          fields={[
            { label: t('editor.fields.title'), mine: title, theirs: theirs.title },
            { label: t('editor.fields.description'), mine: description, theirs: theirs.description },
          ]}
          body={{ label: t('editor.fields.body'), mine: content.current, theirs: theirs.content }}
          busy={save.kind === 'saving'}
          keepsMineInHistory
          error={keepError}
          onKeepTheirs={() => {
            setKeepError(null);
            void keepTheirs();
          }}
          onKeepMine={() => {
            setKeepError(null);
            keepMine();
          }}
          onSaveMerged={(html) => void saveMerged(html)}
        />
      )}
    </div>
  );
}

function SaveStatus({
  state,
  language,
  waitsForTitle,
}: {
  state: SaveState;
  language: string;
  waitsForTitle: boolean;
}) {
  const { t } = useTranslation();
  const time = (at: Date) => new Intl.DateTimeFormat(language, { timeStyle: 'short' }).format(at);
  // The countdown of a save waiting to be tried again, a second at a time.
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (state.kind !== 'retrying') return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [state]);
  return (
    <p aria-live="polite" className="inline-flex min-h-6 items-center gap-1.5 text-sm" data-testid="save-status">
      {state.kind === 'saving' && (
        <>
          <Loader2 className="size-4 animate-spin text-slate-500" aria-hidden="true" />
          <span className="text-slate-700">{t('editor.status.saving')}</span>
        </>
      )}
      {state.kind === 'saved' && (
        <>
          <Check className="size-4 text-emerald-700" aria-hidden="true" />
          <span className="text-emerald-800">{t('editor.status.saved', { time: time(state.at) })}</span>
        </>
      )}
      {state.kind === 'published' && (
        <>
          <Check className="size-4 text-emerald-700" aria-hidden="true" />
          <span className="text-emerald-800">{t('editor.status.published', { time: time(state.at) })}</span>
        </>
      )}
      {state.kind === 'dirty' && (
        <span className="text-amber-800">
          {waitsForTitle ? t('editor.status.needsTitle') : t('editor.status.dirty')}
        </span>
      )}
      {state.kind === 'conflict' && <span className="text-amber-800">{t('editor.status.conflict')}</span>}
      {state.kind === 'retrying' && (
        <>
          <WifiOff className="size-4 text-amber-700" aria-hidden="true" />
          <span className="text-amber-800">
            {t('editor.status.retrying', { seconds: Math.max(1, Math.ceil((state.at - now) / 1000)) })}
          </span>
        </>
      )}
      {state.kind === 'error' && (
        <span role="alert" className="inline-flex items-center gap-1.5 text-red-700">
          <AlertTriangle className="size-4" aria-hidden="true" />
          {t('editor.status.refused', { reason: state.text })}
        </span>
      )}
    </p>
  );
}
