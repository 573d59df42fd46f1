import clsx from 'clsx';
import { FolderOpen, LoaderCircle, type LucideIcon } from 'lucide-react';
import { useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';

/** Whether a drag carries files (not text or a link dragged from the page). */
const carriesFiles = (event: DragEvent) => event.dataTransfer.types.includes('Files');

/**
 * A choice of files in the app's language: the browser's own file control says "Choose Files" and "No file chosen"
 * in the browser's language whatever the app's is. A button opens the hidden input (the button takes the focus, so
 * Tab, Enter and Space reach it as any button), and files dropped on the control are chosen as picked ones are.
 *
 * With `files`, the choice is the caller's and is named beside the button, so a form can empty it once it has sent
 * them. Without, each choice is handed on at once and nothing is named: a control that sends as soon as it is given
 * a file (a profile picture, a store's slot) says what it is doing through `busy` and what went wrong through
 * `invalid` and `describedBy`.
 */
export function FilePicker({
  id,
  files,
  onFiles,
  accept,
  multiple = false,
  describedBy,
  testId,
  label,
  icon: Icon = FolderOpen,
  busy = false,
  busyLabel,
  invalid = false,
  tile = false,
}: {
  /** The hidden input's id, for a `<label htmlFor>`. */
  id: string;
  files?: readonly File[];
  onFiles: (files: File[]) => void;
  accept: string;
  multiple?: boolean;
  describedBy?: string;
  testId?: string;
  /** The button's words, and the input's name where no `<label htmlFor>` names it; "Escolher arquivo" otherwise. */
  label?: string;
  icon?: LucideIcon;
  /** Sending what was chosen: nothing more can be chosen, and the button spins and says `busyLabel`. */
  busy?: boolean;
  busyLabel?: string;
  /** The last choice was refused (the reason is among `describedBy`). */
  invalid?: boolean;
  /** A square as wide as its box, icon above words: an empty slot of a grid of pictures. */
  tile?: boolean;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const choose = (chosen: File[]) => onFiles(multiple ? chosen : chosen.slice(0, 1));
  const words = busy && busyLabel ? busyLabel : (label ?? t('files.choose', { count: multiple ? 2 : 1 }));
  const onDragOver = (event: DragEvent) => {
    if (busy || !carriesFiles(event)) return;
    // Without this the browser opens a dropped file in place of the app.
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  };
  const onDrop = (event: DragEvent) => {
    if (busy || !carriesFiles(event)) return;
    event.preventDefault();
    setDragging(false);
    const dropped = [...event.dataTransfer.files];
    if (dropped.length > 0) choose(dropped);
  };
  return (
    <span
      className={clsx(
        tile ? 'block w-full' : 'inline-flex min-w-0 flex-wrap items-center gap-2 rounded-lg',
        dragging && 'ring-2 ring-emerald-600 ring-offset-2',
      )}
      onDragOver={onDragOver}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      data-dragging={dragging || undefined}
    >
      {tile ? (
        <Button
          variant="plain"
          disabled={busy}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          onClick={() => input.current?.click()}
          className="grid aspect-square w-full cursor-pointer place-items-center bg-slate-50 p-2 text-center text-sm text-slate-600 hover:bg-emerald-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-emerald-600 disabled:cursor-wait"
        >
          <span className="flex flex-col items-center gap-1">
            {busy ? (
              <LoaderCircle className="size-6 animate-spin motion-reduce:animate-none" aria-hidden="true" />
            ) : (
              <Icon className="size-6" aria-hidden="true" />
            )}
            {words}
          </span>
        </Button>
      ) : (
        <Button
          variant="secondary"
          busy={busy}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          onClick={() => input.current?.click()}
        >
          {!busy && <Icon className="size-4" aria-hidden="true" />}
          {words}
        </Button>
      )}
      {files && (
        <span className="min-w-0 text-sm text-slate-700 [overflow-wrap:anywhere]" aria-live="polite">
          {files.length > 1 ? t('files.chosen', { count: files.length }) : (files[0]?.name ?? t('files.none'))}
        </span>
      )}
      <input
        ref={input}
        id={id}
        type="file"
        tabIndex={-1}
        // The button is the control people and screen readers reach, so it alone says what was refused and why; read
        // too, the input would be a second button of the same name. A `<label htmlFor>` still opens it, and its
        // `aria-label` lets a test hand it files.
        aria-hidden="true"
        multiple={multiple}
        accept={accept}
        disabled={busy}
        aria-label={label}
        data-testid={testId}
        className="sr-only"
        onChange={(event) => {
          choose([...(event.target.files ?? [])]);
          // Choosing the same file again after a send is a change too.
          event.target.value = '';
        }}
      />
    </span>
  );
}
