import { bioInput, bioLayouts, bioLimits } from '@papo/contract/bio';
import { isOneOf } from '@papo/contract/one-of';
import clsx from 'clsx';
import { ChevronRight, History, ImageUp, Plus, Save, Trash2, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass, Button } from '../../../components/button';
import { ApiError, errorText, messageText } from '../../../lib/api';
import { checkFields, type FieldErrors } from '../../../lib/field-errors';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ConflictDialog } from '../../../components/conflict-dialog';
import { HistoryPanel } from '../../../components/history-panel';
import { useRecordConflict } from '../../../hooks/use-record-conflict';
import { useDeleteBioEntry } from '../api/delete-bio-entry';
import type { BioDraft } from '../api/get-bio-entries';
import { readBioEntry } from '../api/get-bio-entry';
import { getBioRevision } from '../api/get-bio-revision';
import { bioRevisions } from '../api/get-bio-revisions';
import { restoreBioRevision } from '../api/restore-bio-revision';
import { useSaveBioEntry } from '../api/save-bio-entry';
import { bioChangeSummary, bioVersionText } from '../lib/bio-history';

const inputClass =
  'mt-1 block w-full min-w-0 rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 focus-visible:border-emerald-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600 aria-[invalid=true]:border-red-600 sm:text-sm';

/** Field keys (of the form's own check or of a refused save), translated, per field ('paragraphs.2' counts for the paragraphs). */
function fieldTexts(t: ReturnType<typeof useTranslation>['t'], errors: FieldErrors): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, keys = []] of Object.entries(errors)) {
    const name = field.split('.')[0] ?? field;
    out[name] ??= keys.map((key) => messageText(t, key, 'bioEdit.fieldErrors')).join(' ');
  }
  return out;
}

/** What a save of the entry sends, to tell whether anything changed since the last save. */
const savedShape = (draft: BioDraft, tagsText: string) =>
  JSON.stringify([
    draft.tag,
    tagsText
      .split(',')
      .map((tag) => tag.trim())
      .filter(Boolean),
    draft.layout,
    draft.photoPath,
    draft.paragraphs,
  ]);

/**
 * One bio entry in the editor: tag, tags, layout, photo path, paragraphs; Save, Delete and Alterar Foto. It tells
 * the list whether it holds unsaved changes (`onDirty`), and its save is conflict-safe (decision 028): a stale version
 * opens the shared conflict dialog.
 */
export function BioEntryEditor({
  initial,
  onDeleted,
  onDirty,
  open,
  onToggle,
  anchorId,
}: {
  initial: BioDraft;
  onDeleted(): void;
  onDirty?(dirty: boolean): void;
  /** Entries are collapsed to one line until opened (52 years of open forms were a wall); closed, nothing typed is lost. */
  open: boolean;
  onToggle(): void;
  /** The element id "jump to" scrolls to. */
  anchorId: string;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [draft, setDraft] = useState<BioDraft>(initial);
  const [tagsText, setTagsText] = useState(initial.tags.join(', '));
  const [status, setStatus] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);
  // NOTE: the form is named after its saved tag, so its name does not change with every key typed.
  const [savedTag, setSavedTag] = useState(initial.id === null ? null : initial.tag);
  const [saved, setSaved] = useState(() => savedShape(initial, initial.tags.join(', ')));
  const save = useSaveBioEntry();
  const remove = useDeleteBioEntry();
  const conflict = useRecordConflict(() => readBioEntry(draft.id ?? 0));
  // What the contract's schema found before sending; a refused save's own keys once one was sent.
  const [checked, setChecked] = useState<FieldErrors>({});
  const errors = fieldTexts(t, save.error instanceof ApiError ? save.error.errors : checked);
  const dirty = saved !== savedShape(draft, tagsText);
  const report = useRef(onDirty);
  report.current = onDirty;
  useEffect(() => report.current?.(dirty), [dirty]);
  // Gone (deleted, or another tab shown after "leave"), it holds nothing unsaved any more.
  useEffect(() => () => report.current?.(false), []);
  // An edit after a save makes "Salvo" untrue: the message goes with the first change.
  const set = (change: Partial<BioDraft>) => {
    setDraft({ ...draft, ...change });
    if (status?.tone === 'ok') setStatus(null);
  };

  const persist = async (revision: number) => {
    const tags = tagsText
      .split(',')
      .map((tag) => tag.trim())
      .filter(Boolean);
    setStatus(null);
    const parsed = bioInput.safeParse({ ...draft, tags });
    save.reset();
    setChecked(parsed.success ? {} : checkFields(parsed.error));
    if (!parsed.success) return setStatus({ tone: 'error', text: t('bioEdit.saveFailed') });
    try {
      const answer = await conflict.guard(() => save.mutateAsync({ ...draft, tags, revision }));
      if (!answer) return;
      const next = { ...draft, tags, id: answer.id, revision: answer.revision };
      setDraft(next);
      setSaved(savedShape(next, tagsText));
      setSavedTag(draft.tag);
      setStatus({ tone: 'ok', text: t('bioEdit.saved') });
    } catch {
      setStatus({ tone: 'error', text: t('bioEdit.saveFailed') });
    }
  };
  /** Shows `entry` as saved: after "keep theirs" or a restore, the form holds what the server holds. */
  const adopt = (entry: BioDraft) => {
    setDraft(entry);
    setTagsText(entry.tags.join(', '));
    setSaved(savedShape(entry, entry.tags.join(', ')));
    setSavedTag(entry.tag);
  };
  /**
   * "Keep theirs": what is typed here is first saved on top of theirs (a revision in the history), then theirs is
   * restored over it, so taking the colleague's version loses nothing typed here.
   */
  const [keeping, setKeeping] = useState(false);
  const [keepError, setKeepError] = useState<string | null>(null);
  const keepTheirs = async (theirs: BioDraft) => {
    if (draft.id === null) return;
    // Nothing typed since the last save or read: that version is in the history already.
    if (!dirty) {
      adopt(theirs);
      return conflict.close();
    }
    setKeeping(true);
    setKeepError(null);
    try {
      const tags = tagsText
        .split(',')
        .map((tag) => tag.trim())
        .filter(Boolean);
      const mine = await save.mutateAsync({ ...draft, tags, revision: theirs.revision });
      const kept = mine.revision !== theirs.revision;
      adopt(kept ? await restoreBioRevision(draft.id, theirs.revision, mine.revision) : theirs);
      conflict.close();
      const time = new Intl.DateTimeFormat(i18n.language, { timeStyle: 'short' }).format(new Date());
      setStatus(kept ? { tone: 'ok', text: t('conflict.mineKept', { time }) } : null);
    } catch (error) {
      if (error instanceof ApiError && error.status === 412) await conflict.show();
      setKeepError(errorText(t, error));
    } finally {
      setKeeping(false);
    }
  };
  const [historyOpen, setHistoryOpen] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void persist(draft.revision);
  };
  const theirs = conflict.theirs;

  const [asking, setAsking] = useState(false);
  const del = () => {
    // NOTE: an entry never saved exists only here: it goes without a call (public-site §4).
    if (draft.id === null) return onDeleted();
    // A stale version (someone saved the entry since it was read) deletes nothing: the conflict dialog shows their
    // save, and a delete asked again afterwards names the version now seen.
    const id = draft.id;
    void conflict
      .guard(async () => {
        await remove.mutateAsync({ id, revision: draft.revision });
        return true;
      })
      .then((done) => {
        setAsking(false);
        if (done) onDeleted();
      })
      .catch(() => undefined);
  };

  const paragraphs = draft.paragraphs;
  const title = savedTag ?? t('bioEdit.untitled');
  return (
    <section
      id={anchorId}
      aria-label={title}
      className="scroll-mt-20 rounded-lg border border-slate-200 bg-white shadow-sm"
      data-testid="bio-entry"
    >
      <div className="flex items-center gap-2 px-3 py-2 sm:px-4">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={`${id}-form`}
          aria-label={title}
          onClick={onToggle}
          className="flex min-h-11 min-w-0 flex-1 items-center gap-2 rounded-md text-left focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600"
        >
          <ChevronRight
            className={clsx(
              'size-4 shrink-0 text-slate-500 transition-transform motion-reduce:transition-none',
              open && 'rotate-90',
            )}
            aria-hidden="true"
          />
          <span className="shrink-0 font-semibold text-slate-900">{title}</span>
          {!open && <span className="min-w-0 truncate text-sm text-slate-600">{draft.paragraphs[0]}</span>}
        </button>
        {dirty && (
          <span className="shrink-0 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900">
            {t('bioEdit.unsaved')}
          </span>
        )}
      </div>
      <form
        id={`${id}-form`}
        hidden={!open}
        onSubmit={submit}
        aria-label={title}
        className="border-t border-slate-200 p-4 sm:p-5"
      >
        <div className="grid gap-3 sm:grid-cols-2">
          <label className="text-sm font-medium text-slate-700">
            {t('bioEdit.tag')}
            <input
              className={inputClass}
              value={draft.tag}
              required
              maxLength={bioLimits.tag}
              aria-invalid={Boolean(errors.tag)}
              aria-describedby={errors.tag ? `${id}-tag` : undefined}
              onChange={(e) => set({ tag: e.target.value })}
              placeholder={draft.kind === 'year' ? '1985' : t('bioEdit.tagPlaceholder')}
            />
            {errors.tag && (
              <span id={`${id}-tag`} className="mt-1 block text-sm text-red-700">
                {errors.tag}
              </span>
            )}
          </label>
          <label className="text-sm font-medium text-slate-700">
            {t('bioEdit.tags')}
            <input
              className={inputClass}
              value={tagsText}
              aria-invalid={Boolean(errors.tags)}
              onChange={(e) => {
                setTagsText(e.target.value);
                set({});
              }}
              placeholder={t('bioEdit.tagsPlaceholder')}
            />
            {errors.tags && <span className="mt-1 block text-sm text-red-700">{errors.tags}</span>}
          </label>
          <label className="text-sm font-medium text-slate-700">
            {t('bioEdit.layout')}
            <select
              className={inputClass}
              value={draft.layout}
              onChange={(e) => isOneOf(bioLayouts, e.target.value) && set({ layout: e.target.value })}
            >
              {bioLayouts.map((layout) => (
                <option key={layout} value={layout}>
                  {t(`bioEdit.layouts.${layout}`)}
                </option>
              ))}
            </select>
          </label>
          <label className="text-sm font-medium text-slate-700">
            {t('bioEdit.photoPath')}
            <input
              className={inputClass}
              value={draft.photoPath ?? ''}
              aria-invalid={Boolean(errors.photoPath)}
              onChange={(e) => set({ photoPath: e.target.value || null })}
              placeholder="bio/…webp"
            />
            {errors.photoPath && <span className="mt-1 block text-sm text-red-700">{errors.photoPath}</span>}
          </label>
        </div>
        <fieldset className="mt-4">
          <legend className="text-sm font-medium text-slate-700">{t('bioEdit.paragraphs')}</legend>
          {errors.paragraphs && <p className="mt-1 text-sm text-red-700">{errors.paragraphs}</p>}
          <ol className="mt-1 flex flex-col gap-2">
            {paragraphs.map((paragraph, index) => (
              <li key={index} className="flex gap-2">
                <textarea
                  aria-label={t('bioEdit.paragraphN', { n: index + 1 })}
                  className={inputClass}
                  rows={3}
                  maxLength={bioLimits.paragraph}
                  value={paragraph}
                  onChange={(e) => set({ paragraphs: paragraphs.map((p, i) => (i === index ? e.target.value : p)) })}
                />
                <Button
                  variant="quiet"
                  size="sm"
                  aria-label={t('bioEdit.removeParagraph', { n: index + 1 })}
                  disabled={paragraphs.length === 1}
                  onClick={() => set({ paragraphs: paragraphs.filter((_, i) => i !== index) })}
                >
                  <X className="size-4" aria-hidden="true" />
                </Button>
              </li>
            ))}
          </ol>
          <Button
            variant="quiet"
            size="sm"
            className="mt-2"
            disabled={paragraphs.length >= bioLimits.paragraphs}
            onClick={() => set({ paragraphs: [...paragraphs, ''] })}
          >
            <Plus className="size-4" aria-hidden="true" />
            {t('bioEdit.addParagraph')}
          </Button>
        </fieldset>
        <div className="mt-4 flex flex-wrap items-center gap-2">
          <Button type="submit" busy={save.isPending} busyLabel={t('bioEdit.saving')}>
            <Save className="size-4" aria-hidden="true" />
            {t('bioEdit.save')}
          </Button>
          <Button variant="secondary" onClick={() => setAsking(true)} busy={remove.isPending}>
            <Trash2 className="size-4" aria-hidden="true" />
            {t('bioEdit.delete')}
          </Button>
          {draft.id !== null && (
            <>
              <Link to={`/editor_image_bio/${draft.id}`} className={buttonClass({ variant: 'secondary' })}>
                <ImageUp className="size-4" aria-hidden="true" />
                {t('bioEdit.changePhoto')}
              </Link>
              <Button
                variant="secondary"
                aria-label={t('bioEdit.historyOf', { tag: title })}
                onClick={() => setHistoryOpen(true)}
              >
                <History className="size-4" aria-hidden="true" />
                {t('history.open')}
              </Button>
            </>
          )}
          {status && (
            <p
              role={status.tone === 'ok' ? 'status' : 'alert'}
              className={
                status.tone === 'ok' ? 'text-sm font-medium text-emerald-800' : 'text-sm font-medium text-red-700'
              }
            >
              {status.text}
            </p>
          )}
        </div>
        {historyOpen && draft.id !== null && (
          <HistoryPanel
            queryKey={bioRevisions.queryKey(draft.id)}
            load={(signal) => bioRevisions.load(draft.id ?? 0, signal)}
            // The restore names the version this form holds, so it cannot undo a save it has not seen.
            restore={async (row) => {
              adopt(await restoreBioRevision(draft.id ?? 0, row.id, draft.revision));
              setHistoryOpen(false);
              setStatus({ tone: 'ok', text: t('bioEdit.restored') });
            }}
            errorSection="bioEdit.fieldErrors"
            summary={(row) => bioChangeSummary(t, row)}
            view={async (row, signal) => bioVersionText(t, await getBioRevision(draft.id ?? 0, row.id, signal))}
            onConflict={() => {
              setHistoryOpen(false);
              void conflict.show();
            }}
            onClose={() => setHistoryOpen(false)}
          />
        )}
        {asking && (
          <ConfirmDialog
            title={t('bioEdit.confirmDelete')}
            text={title}
            cancelLabel={t('bioEdit.cancel')}
            confirmLabel={t('bioEdit.delete')}
            busy={remove.isPending}
            error={remove.isError ? t('bioEdit.deleteFailed') : null}
            onConfirm={del}
            onCancel={() => setAsking(false)}
            testId="bio-delete-dialog"
          />
        )}
        {theirs && (
          <ConflictDialog
            theirs={theirs}
            fields={[
              { label: t('bioEdit.tag'), mine: draft.tag, theirs: theirs.tag },
              { label: t('bioEdit.tags'), mine: tagsText, theirs: theirs.tags.join(', ') },
              ...Array.from({ length: Math.max(draft.paragraphs.length, theirs.paragraphs.length) }, (_, i) => ({
                label: t('bioEdit.paragraphN', { n: i + 1 }),
                mine: draft.paragraphs[i] ?? '',
                theirs: theirs.paragraphs[i] ?? '',
              })),
            ]}
            busy={save.isPending || keeping}
            keepsMineInHistory
            error={keepError}
            onKeepTheirs={() => void keepTheirs(theirs)}
            onKeepMine={() => {
              conflict.close();
              void persist(theirs.revision);
            }}
          />
        )}
      </form>
    </section>
  );
}
