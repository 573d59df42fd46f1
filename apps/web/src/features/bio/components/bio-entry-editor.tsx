import { bioLayouts, bioLimits } from '@papo/contract/bio';
import { isOneOf } from '@papo/contract/one-of';
import clsx from 'clsx';
import { ChevronRight, History, ImageUp, Plus, Save, Trash2, X } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, buttonClass } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ConflictDialog } from '../../../components/conflict-dialog';
import { HistoryPanel } from '../../../components/history-panel';
import type { BioDraft } from '../api/get-bio-entries';
import { getBioRevision } from '../api/get-bio-revision';
import { bioRevisions } from '../api/get-bio-revisions';
import { restoreBioRevision } from '../api/restore-bio-revision';
import { tagList, useBioEntry, useDeleteEntry, useKeepTheirs, type BioEntry } from '../hooks/use-bio-entry';
import { bioChangeSummary, bioVersionText } from '../lib/bio-history';

const inputClass =
  'mt-1 block w-full min-w-0 rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 focus-visible:border-emerald-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600 aria-[invalid=true]:border-red-600 sm:text-sm';

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
  const { t } = useTranslation();
  const id = useId();
  const entry = useBioEntry(initial, onDirty);
  const { draft, dirty } = entry;
  const deletion = useDeleteEntry(entry, onDeleted);
  const [historyOpen, setHistoryOpen] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void entry.persist(draft.revision);
  };
  const title = entry.savedTag ?? t('bioEdit.untitled');
  return (
    <section
      id={anchorId}
      aria-label={title}
      className="scroll-mt-20 rounded-lg border border-slate-200 bg-white shadow-sm"
      data-testid="bio-entry"
    >
      <EntryHeading
        formId={`${id}-form`}
        title={title}
        open={open}
        onToggle={onToggle}
        firstParagraph={draft.paragraphs[0]}
        dirty={dirty}
      />
      <form
        id={`${id}-form`}
        hidden={!open}
        onSubmit={submit}
        aria-label={title}
        className="border-t border-slate-200 p-4 sm:p-5"
      >
        <BioEntryFields entry={entry} errorId={`${id}-tag`} />
        <BioParagraphs entry={entry} />
        <BioEntryActions
          entry={entry}
          title={title}
          deleting={deletion.remove.isPending}
          onDelete={() => deletion.setAsking(true)}
          onHistory={() => setHistoryOpen(true)}
        />
        {historyOpen && draft.id !== null && (
          <BioHistory entry={entry} id={draft.id} onClose={() => setHistoryOpen(false)} />
        )}
        {deletion.asking && (
          <ConfirmDialog
            title={t('bioEdit.confirmDelete')}
            text={title}
            cancelLabel={t('bioEdit.cancel')}
            confirmLabel={t('bioEdit.delete')}
            busy={deletion.remove.isPending}
            error={deletion.remove.isError ? t('bioEdit.deleteFailed') : null}
            onConfirm={deletion.confirm}
            onCancel={() => deletion.setAsking(false)}
            testId="bio-delete-dialog"
          />
        )}
        <BioConflict entry={entry} />
      </form>
    </section>
  );
}

/** The entry's line: opens and closes its form, shows its first paragraph while closed and says when it is unsaved. */
function EntryHeading({
  formId,
  title,
  open,
  onToggle,
  firstParagraph,
  dirty,
}: {
  formId: string;
  title: string;
  open: boolean;
  onToggle: () => void;
  firstParagraph: string | undefined;
  dirty: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex items-center gap-2 px-3 py-2 sm:px-4">
      <Button
        variant="plain"
        aria-expanded={open}
        aria-controls={formId}
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
        {!open && <span className="min-w-0 truncate text-sm text-slate-600">{firstParagraph}</span>}
      </Button>
      {dirty && (
        <span className="shrink-0 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900">
          {t('bioEdit.unsaved')}
        </span>
      )}
    </div>
  );
}

/** The tag, the tags, the layout and the photo's path, each with its error. */
function BioEntryFields({
  entry: { draft, tagsText, errors, set, setTags },
  errorId,
}: {
  entry: BioEntry;
  errorId: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <label className="text-sm font-medium text-slate-700">
        {t('bioEdit.tag')}
        <input
          className={inputClass}
          value={draft.tag}
          required
          maxLength={bioLimits.tag}
          aria-invalid={Boolean(errors.tag)}
          aria-describedby={errors.tag ? errorId : undefined}
          onChange={(e) => set({ tag: e.target.value })}
          placeholder={draft.kind === 'year' ? '1985' : t('bioEdit.tagPlaceholder')}
        />
        {errors.tag && (
          <span id={errorId} className="mt-1 block text-sm text-red-700">
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
          onChange={(e) => setTags(e.target.value)}
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
  );
}

/** The entry's paragraphs: each edited, removed (one stays), and more added up to the limit. */
function BioParagraphs({ entry: { draft, errors, set } }: { entry: BioEntry }) {
  const { t } = useTranslation();
  const paragraphs = draft.paragraphs;
  return (
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
  );
}

/** Save, Delete, and for a saved entry its photo and history; the save's outcome said beside them. */
function BioEntryActions({
  entry: { draft, save, status },
  title,
  deleting,
  onDelete,
  onHistory,
}: {
  entry: BioEntry;
  title: string;
  deleting: boolean;
  onDelete: () => void;
  onHistory: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="mt-4 flex flex-wrap items-center gap-2">
      <Button type="submit" busy={save.isPending} busyLabel={t('bioEdit.saving')}>
        <Save className="size-4" aria-hidden="true" />
        {t('bioEdit.save')}
      </Button>
      <Button variant="secondary" onClick={onDelete} busy={deleting}>
        <Trash2 className="size-4" aria-hidden="true" />
        {t('bioEdit.delete')}
      </Button>
      {draft.id !== null && (
        <>
          <Link to={`/editor_image_bio/${draft.id}`} className={buttonClass({ variant: 'secondary' })}>
            <ImageUp className="size-4" aria-hidden="true" />
            {t('bioEdit.changePhoto')}
          </Link>
          <Button variant="secondary" aria-label={t('bioEdit.historyOf', { tag: title })} onClick={onHistory}>
            <History className="size-4" aria-hidden="true" />
            {t('history.open')}
          </Button>
        </>
      )}
      {status && (
        <p
          role={status.tone === 'ok' ? 'status' : 'alert'}
          className={status.tone === 'ok' ? 'text-sm font-medium text-emerald-800' : 'text-sm font-medium text-red-700'}
        >
          {status.text}
        </p>
      )}
    </div>
  );
}

/** The entry's saved versions; a restore names the version this form holds, so it cannot undo a save it has not seen. */
function BioHistory({ entry, id, onClose }: { entry: BioEntry; id: number; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <HistoryPanel
      queryKey={bioRevisions.queryKey(id)}
      load={(signal) => bioRevisions.load(id, signal)}
      restore={async (row) => {
        entry.adopt(await restoreBioRevision(id, row.id, entry.draft.revision));
        onClose();
        entry.setStatus({ tone: 'ok', text: t('bioEdit.restored') });
      }}
      errorSection="bioEdit.fieldErrors"
      summary={(row) => bioChangeSummary(t, row)}
      view={async (row, signal) => bioVersionText(t, await getBioRevision(id, row.id, signal))}
      differences={{
        load: async (row, signal) => bioVersionText(t, await getBioRevision(id, row.id, signal)),
        current: () => bioVersionText(t, { ...entry.draft, tags: tagList(entry.tagsText) }),
      }}
      onConflict={() => {
        onClose();
        void entry.conflict.show();
      }}
      onClose={onClose}
    />
  );
}

/** Someone saved the entry since it was read: theirs beside what is typed here, and the choice of which to keep. */
function BioConflict({ entry }: { entry: BioEntry }) {
  const { t } = useTranslation();
  const { draft, tagsText, save, conflict } = entry;
  const { keeping, keepError, keepTheirs } = useKeepTheirs(entry);
  const theirs = conflict.theirs;
  if (!theirs) return null;
  return (
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
        void entry.persist(theirs.revision);
      }}
    />
  );
}
