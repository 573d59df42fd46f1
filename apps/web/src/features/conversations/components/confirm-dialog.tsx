import { Loader2 } from 'lucide-react';
import { useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useFocusTrap } from '../../../hooks/use-focus-trap';
import { dangerButton, primaryButton, secondaryButton } from './styles';

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
  const titleId = useId();
  const textId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  useFocusTrap(panelRef, onCancel, { initialFocus: cancelRef });

  return createPortal(
    <div className="fixed inset-0 z-50 flex items-end justify-center p-4 sm:items-center">
      <div className="absolute inset-0 bg-slate-900/50" aria-hidden="true" onClick={onCancel} />
      <div
        ref={panelRef}
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={textId}
        className="relative w-full max-w-sm rounded-xl bg-white p-5 shadow-xl"
      >
        <h2 id={titleId} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        <p id={textId} className="mt-2 text-sm text-slate-600">
          {text}
        </p>
        {error && (
          <p role="alert" className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
            {error}
          </p>
        )}
        <div className="mt-5 flex justify-end gap-2">
          <button ref={cancelRef} type="button" onClick={onCancel} className={secondaryButton}>
            {cancelLabel}
          </button>
          <button type="button" onClick={onConfirm} disabled={busy} className={tone === 'danger' ? dangerButton : primaryButton}>
            {busy && <Loader2 className="size-4 animate-spin" aria-hidden="true" />}
            {confirmLabel}
          </button>
        </div>
      </div>
    </div>,
    document.body,
  );
}
