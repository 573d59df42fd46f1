import type { RevisionStamp } from '@papo/contract/editor';
import type { TFunction } from 'i18next';
import clsx from 'clsx';
import { ImageUp, X } from 'lucide-react';
import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { useDropzone, type FileRejection } from 'react-dropzone';
import { useTranslation } from 'react-i18next';
import { useRecordConflict } from '../hooks/use-record-conflict';
import { ApiError } from '../lib/api';
import { Button } from './ui/button';
import { ConflictDialog } from './conflict-dialog';
import { FormField } from './ui/form-field';
import { SaveOutcome } from './save-outcome';

/** A record's cover as saved now, with its version (decision 028): what a conflict compares with. */
interface CoverVersion extends RevisionStamp {
  description: string;
  /** Upload key of the cover, or null. */
  cover: string | null;
}

export interface CoverEditorProps {
  /** Shown read-only (the article's title, a bio's tag). */
  title: string;
  /** The label of the read-only title (a bio's "Etiqueta"); the default is "Title". */
  titleLabel?: string;
  /** URL of the cover saved now, or null. */
  currentCover: string | null;
  initialDescription: string;
  /** Recommended size, shown as the hint and used for the preview's ratio. */
  hint: { width: number; height: number };
  /** MIME types the drop zone takes. */
  accept: readonly string[];
  maxDescription: number;
  /** The address shared links point to; with it, a preview shows how a messenger shows the link. */
  shareUrl?: string;
  /**
   * Saves; the file is null when no new one was chosen. `revision` is the version to name as `If-Match` when it is
   * not the one the screen read (after "keep mine" in a conflict). Answers the record's version after the save.
   * Throws to show an error (see `errorText`).
   */
  onSave: (input: { file: File | null; description: string; revision?: number }) => Promise<number>;
  /**
   * Conflict-safe saves (decisions 024, 028): a save refused with 412 reads the record with `load` (not through the
   * screen's query, which would overwrite what is typed) and shows the shared conflict dialog. "Keep theirs" first
   * saves what was chosen and typed here on top of theirs, then brings theirs back with `restore` (their version, the
   * version to name as `If-Match`), and the screen reads the record again (`onKeepTheirs`).
   */
  conflict?: {
    load: () => Promise<CoverVersion>;
    restore: (revision: number, current: number) => Promise<unknown>;
    onKeepTheirs: () => void;
  };
  /** The text of a failed save; undefined falls back to the generic upload error. */
  errorText: (error: unknown) => string | undefined;
  /** Extra actions beside the drop zone (e.g. choosing from the image library). */
  actions?: ReactNode;
}

/** Where the save stands: on its way, done, done with mine kept in the history, or refused. */
type CoverStatus =
  { kind: 'saving' } | { kind: 'saved' } | { kind: 'kept'; time: string } | { kind: 'error'; text: string } | null;

/** The status as the green or red line beside the save button. */
function outcomeOf(t: TFunction, status: CoverStatus) {
  if (status?.kind === 'saved') return { ok: true, text: t('coverEditor.saved') };
  if (status?.kind === 'kept') return { ok: true, text: t('conflict.mineKept', { time: status.time }) };
  if (status?.kind === 'error') return { ok: false, text: status.text };
  return null;
}

/**
 * The one cover editor (reused by the store and bio editors with their own calls and hints):
 * a drop zone (click or drag, images only) with a preview of the chosen file, the description with a
 * live counter, a save button, a green or red outcome, and a preview of the shared link.
 */
export function CoverEditor(props: CoverEditorProps) {
  const { t } = useTranslation();
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [description, setDescription] = useState(props.initialDescription);
  const saves = useCoverSaves(props, { file, setFile, description, setDescription });
  const { status, setStatus, theirs } = saves;

  useEffect(() => setDescription(props.initialDescription), [props.initialDescription]);

  const shown = useFilePreview(file) ?? props.currentCover;
  const ratio = `${props.hint.width} / ${props.hint.height}`;
  function submit(event: FormEvent) {
    event.preventDefault();
    void saves.save();
  }

  return (
    <form
      onSubmit={submit}
      className={clsx('grid gap-6', props.shareUrl && 'lg:grid-cols-[minmax(0,1fr)_20rem]')}
      noValidate
    >
      <div className="space-y-5">
        <ReadOnlyTitle label={props.titleLabel ?? t('coverEditor.title')} title={props.title} />
        <CoverDrop
          id={id}
          hint={props.hint}
          accept={props.accept}
          ratio={ratio}
          shown={shown}
          file={file}
          actions={props.actions}
          onAttempt={() => setStatus(null)}
          onFile={setFile}
        />
        <DescriptionField id={id} value={description} max={props.maxDescription} onChange={setDescription} />
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" busy={status?.kind === 'saving'} busyLabel={t('coverEditor.saving')}>
            {t('coverEditor.save')}
          </Button>
          <SaveOutcome testId="cover-saved" outcome={outcomeOf(t, status)} />
        </div>
      </div>
      {props.shareUrl && (
        <aside aria-labelledby={`${id}-share`}>
          <h2 id={`${id}-share`} className="mb-2 text-sm font-semibold text-slate-800">
            {t('coverEditor.share')}
          </h2>
          <SharePreview
            url={props.shareUrl}
            title={props.title}
            description={description}
            image={shown}
            ratio={ratio}
          />
        </aside>
      )}
      {theirs && (
        <CoverConflict
          theirs={theirs}
          description={description}
          file={file}
          busy={status?.kind === 'saving'}
          error={saves.keepError}
          onKeepTheirs={() => void saves.keepTheirs(theirs)}
          onKeepMine={() => {
            saves.conflict.close();
            void saves.save(theirs.revision);
          }}
        />
      )}
    </form>
  );
}

/** A local address for the chosen file while it is chosen, released when another is chosen or the form goes. */
function useFilePreview(file: File | null) {
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!file) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);
  return preview;
}

/** The record's title, shown and not edited here (the article's title, a bio's tag). */
function ReadOnlyTitle({ label, title }: { label: string; title: string }) {
  return (
    <div>
      <p className="block text-sm font-medium text-slate-800">{label}</p>
      <p className="mt-1.5 rounded-lg border border-slate-200 bg-slate-50 px-3 py-2.5 text-sm text-slate-900">
        {title}
      </p>
    </div>
  );
}

/**
 * The cover's conflict-safe save (decision 028) and the conflict's "keep theirs"; what is chosen and typed lives in
 * the form, and stays there when a stale version writes nothing.
 */
function useCoverSaves(
  props: CoverEditorProps,
  {
    file,
    setFile,
    description,
    setDescription,
  }: {
    file: File | null;
    setFile: (file: File | null) => void;
    description: string;
    setDescription: (text: string) => void;
  },
) {
  const { t, i18n } = useTranslation();
  const [status, setStatus] = useState<CoverStatus>(null);
  const [keepError, setKeepError] = useState<string | null>(null);
  const conflict = useRecordConflict(props.conflict?.load ?? (() => Promise.reject(new Error('no conflict loader'))));
  async function save(revision?: number) {
    setStatus({ kind: 'saving' });
    try {
      const send = async () => {
        await props.onSave({ file, description, revision });
        return true;
      };
      // a stale version writes nothing: the dialog shows theirs, and what is typed and chosen stays here.
      const saved = props.conflict ? await conflict.guard(send) : await send();
      if (!saved) return setStatus(null);
      setFile(null);
      setStatus({ kind: 'saved' });
    } catch (error) {
      setStatus({ kind: 'error', text: props.errorText(error) ?? t('coverEditor.failed') });
    }
  }
  /**
   * "Keep theirs" loses nothing: a picture chosen or a description typed here is first saved on top of theirs (a
   * revision in the history), then theirs is brought back over it, and the outcome says so.
   */
  async function keepTheirs(theirs: CoverVersion) {
    const adopt = () => {
      setDescription(theirs.description);
      setFile(null);
      conflict.close();
      props.conflict?.onKeepTheirs();
    };
    // Nothing chosen or typed since the screen read the record: that version is in the history already.
    if (!file && description === props.initialDescription) return adopt();
    setStatus({ kind: 'saving' });
    setKeepError(null);
    try {
      const mine = await props.onSave({ file, description, revision: theirs.revision });
      if (mine !== theirs.revision) await props.conflict?.restore(theirs.revision, mine);
      adopt();
      setStatus(
        mine !== theirs.revision
          ? { kind: 'kept', time: new Intl.DateTimeFormat(i18n.language, { timeStyle: 'short' }).format(new Date()) }
          : null,
      );
    } catch (error) {
      setStatus(null);
      if (error instanceof ApiError && error.status === 412) await conflict.show();
      setKeepError(props.errorText(error) ?? t('coverEditor.failed'));
    }
  }
  return { status, setStatus, keepError, conflict, theirs: conflict.theirs, save, keepTheirs };
}

/** The drop zone (click or drag, the accepted types only), the picture it holds, and a refused file said under it. */
function CoverDrop({
  id,
  hint,
  accept,
  ratio,
  shown,
  file,
  actions,
  onAttempt,
  onFile,
}: {
  id: string;
  hint: { width: number; height: number };
  accept: readonly string[];
  ratio: string;
  /** The picture to show: the file chosen, else the cover saved now. */
  shown: string | null;
  file: File | null;
  actions: ReactNode;
  /** A file was dropped or picked (the last save's outcome goes). */
  onAttempt: () => void;
  onFile: (file: File | null) => void;
}) {
  const { t } = useTranslation();
  const [refusal, setRefusal] = useState<string | null>(null);
  const onDrop = (accepted: File[], rejected: FileRejection[]) => {
    onAttempt();
    if (rejected[0]) {
      setRefusal(t('coverEditor.onlyImages', { name: rejected[0].file.name }));
      return;
    }
    setRefusal(null);
    if (accepted[0]) onFile(accepted[0]);
  };
  const dropzone = useDropzone({
    onDrop,
    multiple: false,
    accept: Object.fromEntries(accept.map((type) => [type, []])),
  });
  return (
    <div>
      <div
        {...dropzone.getRootProps({
          className: clsx(
            'relative flex cursor-pointer flex-col items-center justify-center gap-2 overflow-hidden rounded-lg border-2 border-dashed p-4 text-center focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600',
            dropzone.isDragActive ? 'border-emerald-600 bg-emerald-50' : 'border-slate-300 bg-white hover:bg-slate-50',
          ),
          'aria-label': t('coverEditor.drop'),
          'aria-describedby': `${id}-hint`,
        })}
        data-testid="cover-dropzone"
      >
        <input {...dropzone.getInputProps()} data-testid="cover-file-input" />
        <CoverPicture shown={shown} ratio={ratio} />
        <p className="text-sm font-medium text-slate-800">
          {dropzone.isDragActive ? t('coverEditor.dropActive') : t('coverEditor.drop')}
        </p>
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {t('coverEditor.hint', { width: hint.width, height: hint.height })}
        </p>
      </div>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        {file && (
          <Button variant="ghost" size="sm" onClick={() => onFile(null)}>
            <X className="size-4" aria-hidden="true" />
            {t('coverEditor.remove')}
          </Button>
        )}
        {actions}
      </div>
      {refusal && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {refusal}
        </p>
      )}
    </div>
  );
}

/** The picture chosen, else the cover saved now, else an empty frame: always in the hinted size's ratio. */
function CoverPicture({ shown, ratio }: { shown: string | null; ratio: string }) {
  const { t } = useTranslation();
  return shown ? (
    <img
      src={shown}
      alt={t('coverEditor.preview')}
      className="w-full rounded-md object-cover"
      style={{ aspectRatio: ratio }}
    />
  ) : (
    <div
      className="grid w-full place-items-center rounded-md bg-slate-100 text-slate-500"
      style={{ aspectRatio: ratio }}
    >
      <ImageUp className="size-10" aria-hidden="true" />
    </div>
  );
}

/** Someone saved the cover since it was read: theirs beside what is chosen and typed here, and the choice to keep. */
function CoverConflict({
  theirs,
  description,
  file,
  busy,
  error,
  onKeepTheirs,
  onKeepMine,
}: {
  theirs: CoverVersion;
  description: string;
  file: File | null;
  busy: boolean;
  error: string | null;
  onKeepTheirs: () => void;
  onKeepMine: () => void;
}) {
  const { t } = useTranslation();
  const fileName = (key: string | null) => key?.split('/').pop() ?? t('coverEditor.noCover');
  return (
    <ConflictDialog
      theirs={theirs}
      fields={[
        { label: t('coverEditor.description'), mine: description, theirs: theirs.description },
        {
          label: t('coverEditor.picture'),
          mine: file ? t('coverEditor.chosen', { name: file.name }) : fileName(theirs.cover),
          theirs: fileName(theirs.cover),
        },
      ]}
      busy={busy}
      keepsMineInHistory
      error={error}
      onKeepTheirs={onKeepTheirs}
      onKeepMine={onKeepMine}
    />
  );
}

/** The description (the picture's alt text too), with its hint and a live counter. */
function DescriptionField({
  id,
  value,
  max,
  onChange,
}: {
  id: string;
  value: string;
  max: number;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <div>
      <FormField
        id={`${id}-description`}
        label={t('coverEditor.description')}
        multiline
        rows={3}
        maxLength={max}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-describedby={`${id}-alt ${id}-counter`}
      />
      <div className="mt-1 flex justify-between gap-3 text-xs text-slate-600">
        <p id={`${id}-alt`}>{t('coverEditor.descriptionHint')}</p>
        <p id={`${id}-counter`} className="shrink-0" aria-live="polite">
          {t('coverEditor.counter', { count: value.length, max })}
        </p>
      </div>
    </div>
  );
}

/** A link card as messengers show it: the picture, the site, the title and the start of the description. */
function SharePreview({
  url,
  title,
  description,
  image,
  ratio,
}: {
  url: string;
  title: string;
  description: string;
  image: string | null;
  ratio: string;
}) {
  const { t } = useTranslation();
  const host = (() => {
    try {
      return new URL(url).host;
    } catch {
      return url;
    }
  })();
  return (
    <div className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm" data-testid="share-preview">
      {image ? (
        <img src={image} alt="" className="w-full object-cover" style={{ aspectRatio: ratio }} />
      ) : (
        <div
          className="grid w-full place-items-center bg-slate-100 text-xs text-slate-500"
          style={{ aspectRatio: ratio }}
        >
          {t('coverEditor.noCover')}
        </div>
      )}
      <div className="space-y-0.5 border-l-4 border-emerald-600 px-3 py-2">
        <p className="text-xs uppercase tracking-wide text-slate-500">{host}</p>
        <p className="line-clamp-2 text-sm font-semibold text-slate-900">{title}</p>
        {description && <p className="line-clamp-2 text-xs text-slate-600">{description}</p>}
      </div>
    </div>
  );
}
