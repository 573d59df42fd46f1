import { FolderOpen } from 'lucide-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';

/**
 * A choice of files in the app's language: the browser's own file control says "Choose Files" and "No file chosen"
 * in the browser's language whatever the app's is. A button opens the hidden input and the choice is named beside it.
 * The chosen files are the caller's (`files`), so a form can empty the choice once it has sent them.
 */
export function FilePicker({
  id,
  files,
  onFiles,
  accept,
  multiple = false,
  describedBy,
  testId,
}: {
  /** The hidden input's id, for a `<label htmlFor>`. */
  id: string;
  files: readonly File[];
  onFiles: (files: File[]) => void;
  accept: string;
  multiple?: boolean;
  describedBy?: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  return (
    <span className="inline-flex min-w-0 flex-wrap items-center gap-2">
      <Button variant="secondary" aria-describedby={describedBy} onClick={() => input.current?.click()}>
        <FolderOpen className="size-4" aria-hidden="true" />
        {t('files.choose', { count: multiple ? 2 : 1 })}
      </Button>
      <span className="min-w-0 text-sm text-slate-700 [overflow-wrap:anywhere]" aria-live="polite">
        {files.length > 1 ? t('files.chosen', { count: files.length }) : (files[0]?.name ?? t('files.none'))}
      </span>
      <input
        ref={input}
        id={id}
        type="file"
        tabIndex={-1}
        multiple={multiple}
        accept={accept}
        aria-describedby={describedBy}
        data-testid={testId}
        className="sr-only"
        onChange={(event) => {
          onFiles([...(event.target.files ?? [])]);
          // Choosing the same file again after a send is a change too.
          event.target.value = '';
        }}
      />
    </span>
  );
}
