import { useRef } from 'react';
import { Button } from '../../../components/button';
import { Dialog } from '../../../components/dialog';

interface ConfirmDialogProps {
  title: string;
  text: string;
  confirmLabel: string;
  cancelLabel: string;
  tone: 'danger' | 'neutral';
  busy: boolean;
  error?: string;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A modal question with Cancel (focused first, the safe choice) and a confirm button. */
export function ConfirmDialog({ title, text, confirmLabel, cancelLabel, tone, busy, error, onConfirm, onCancel }: ConfirmDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog role="alertdialog" title={title} description={text} onClose={onCancel} initialFocus={cancelRef} width="max-w-sm">
      {error && (
        <p role="alert" className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
          {error}
        </p>
      )}
      <div className="mt-5 flex justify-end gap-2">
        <Button ref={cancelRef} variant="secondary" size="sm" onClick={onCancel}>
          {cancelLabel}
        </Button>
        <Button variant={tone === 'danger' ? 'danger' : 'primary'} busy={busy} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
