import type { UploadedFile } from '@papo/contract/editor';
import clsx from 'clsx';
import { CheckCircle2, Upload, XCircle } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, messageText } from '../../../lib/api';
import { uploadImage } from '../api/upload-images';
import { isLibraryImage } from '../lib/uploads';
import { relativeTime } from '../../../lib/relative-time';
import { Button } from '../../../components/ui/button';
import { FilePicker } from '../../../components/ui/file-picker';

interface Row {
  key: string;
  name: string;
  progress: number;
  state: 'waiting' | 'sending' | 'done' | 'refused';
  message?: string;
}

/**
 * Sends image files to the library one by one (JPEG and PNG only: others are named and refused before anything is
 * sent), with one progress bar and one outcome per file; each file kept is handed to `onUploaded`. The library's
 * uploader and the files pasted or dropped into an article both use it.
 */
export function useImageUploads(onUploaded: (file: UploadedFile) => void) {
  const { t, i18n } = useTranslation();
  const [rows, setRows] = useState<Row[]>([]);
  const [busy, setBusy] = useState(false);
  const update = (key: string, patch: Partial<Row>) =>
    setRows((all) => all.map((r) => (r.key === key ? { ...r, ...patch } : r)));

  async function send(files: File[]) {
    const batch = files.map((file, index): { file: File; row: Row } => ({
      file,
      row: { key: `${Date.now()}-${index}`, name: file.name, progress: 0, state: 'waiting' },
    }));
    const accepted = batch.filter(({ file }) => isLibraryImage(file));
    setRows(
      batch.map(({ file, row }) =>
        isLibraryImage(file)
          ? row
          : { ...row, state: 'refused', message: t('editor.library.wrongType', { name: file.name }) },
      ),
    );
    setBusy(true);
    for (const { file, row } of accepted) {
      update(row.key, { state: 'sending' });
      try {
        const outcome = await uploadImage(
          file,
          (fraction) => update(row.key, { state: 'sending', progress: fraction, message: undefined }),
          // the upload limit reached (429): the file waits its Retry-After, then goes on by itself.
          (seconds) => {
            const when = relativeTime(new Date(Date.now() + seconds * 1000).toISOString(), i18n.language);
            update(row.key, { state: 'waiting', progress: 0, message: t('editor.library.waitingLimit', { when }) });
          },
        );
        if ('kept' in outcome) {
          update(row.key, { state: 'done', progress: 1 });
          onUploaded(outcome.kept);
        } else {
          update(row.key, { state: 'refused', message: messageText(t, outcome.refused, 'editor.errors') });
        }
      } catch (error) {
        update(row.key, { state: 'refused', message: errorText(t, error) });
      }
    }
    setBusy(false);
  }
  return { rows, busy, send };
}

/** One progress bar and outcome per file of a batch. */
export function UploadRows({ rows }: { rows: Row[] }) {
  const { t } = useTranslation();
  if (rows.length === 0) return null;
  return (
    <ul className="mt-4 space-y-2" aria-live="polite" data-testid="upload-rows">
      {rows.map((row) => (
        <li key={row.key} className="text-sm">
          <div className="flex items-center justify-between gap-3">
            <span className="truncate font-medium text-slate-800">{row.name}</span>
            {row.state === 'done' && (
              <span className="inline-flex items-center gap-1 text-emerald-800">
                <CheckCircle2 className="size-4" aria-hidden="true" />
                {t('editor.library.sent')}
              </span>
            )}
            {row.state === 'refused' && (
              <span className="inline-flex items-center gap-1 text-red-700">
                <XCircle className="size-4" aria-hidden="true" />
                {t('editor.library.refused')}
              </span>
            )}
          </div>
          {row.state === 'waiting' && row.message && <p className="mt-0.5 text-slate-700">{row.message}</p>}
          {row.state !== 'refused' ? (
            <progress
              className={clsx('mt-1 h-2 w-full overflow-hidden rounded accent-emerald-700')}
              max={1}
              value={row.progress}
              aria-label={t('editor.library.progress', { name: row.name })}
            />
          ) : (
            <p role="alert" className="mt-0.5 text-red-700">
              {row.message}
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}

/**
 * A multi-file input and `Upload de Imagens` (public-site §2.6): JPEG and PNG only (others are named
 * and refused before anything is sent), one progress bar and one outcome per file.
 */
export function ImageUploader({ onUploaded }: { onUploaded: (file: UploadedFile) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [files, setFiles] = useState<File[]>([]);
  const { rows, busy, send } = useImageUploads(onUploaded);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (files.length === 0) return;
    setFiles([]);
    await send(files);
  }

  return (
    <form onSubmit={(e) => void submit(e)} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <label htmlFor={`${id}-files`} className="block text-sm font-medium text-slate-800">
        {t('editor.library.choose')}
      </label>
      <p id={`${id}-hint`} className="text-xs text-slate-600">
        {t('editor.library.hint')}
      </p>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <FilePicker
          id={`${id}-files`}
          files={files}
          onFiles={setFiles}
          multiple
          accept="image/jpeg,image/png"
          describedBy={`${id}-hint`}
          testId="library-file-input"
        />
        <Button type="submit" disabled={busy}>
          <Upload className="size-4" aria-hidden="true" />
          {t('editor.library.upload')}
        </Button>
      </div>
      <UploadRows rows={rows} />
    </form>
  );
}
