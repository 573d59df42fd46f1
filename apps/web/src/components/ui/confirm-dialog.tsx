import { useRef, type ReactNode } from 'react';
import { Button } from './button';
import { Dialog } from './dialog';

export interface ConfirmDialogProps {
  /** The question: "Excluir artigo?". */
  title: string;
  /** What happens on confirm, read with the title. */
  text?: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  /** `danger` (the default) for a delete or a loss: a red confirm button. */
  tone?: 'danger' | 'neutral';
  /** The confirm's call is in flight: its button spins and is disabled. */
  busy?: boolean;
  /** A translated failure of that call, shown above the buttons. */
  error?: string | null;
  /** False hides the confirm button (still checking, or nothing may be done: Cancel then closes). */
  canConfirm?: boolean;
  onConfirm: () => void;
  /** Cancel, Escape; the caller unmounts the dialog. */
  onCancel: () => void;
  /** More to read or to show under the text (what else the delete touches). */
  children?: ReactNode;
  testId?: string;
}

/**
 * The one confirmation: a modal question (`alertdialog` on the shared Dialog: focus trapped, Escape cancels, focus
 * returns to the opener) with Cancel, focused first as the safe choice, and a confirm button. Deletes and the leave
 * warning use it.
 */
export function ConfirmDialog({
  title,
  text,
  confirmLabel,
  cancelLabel,
  tone = 'danger',
  busy = false,
  error,
  canConfirm = true,
  onConfirm,
  onCancel,
  children,
  testId,
}: ConfirmDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      role="alertdialog"
      title={title}
      description={text}
      onClose={onCancel}
      initialFocus={cancelRef}
      testId={testId}
    >
      {children}
      {error && (
        <p role="alert" className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
          {error}
        </p>
      )}
      <div className="mt-5 flex flex-wrap justify-end gap-2">
        <Button ref={cancelRef} variant="secondary" onClick={onCancel}>
          {cancelLabel}
        </Button>
        {canConfirm && (
          <Button
            variant={tone === 'danger' ? 'danger' : 'primary'}
            busy={busy}
            onClick={onConfirm}
            data-testid={testId && `${testId}-confirm`}
          >
            {confirmLabel}
          </Button>
        )}
      </div>
    </Dialog>
  );
}
