import { X } from 'lucide-react';
import { useId, useRef, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import { useFocusTrap } from '../../../hooks/use-focus-trap';

interface ModalProps {
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  initialFocus?: RefObject<HTMLElement | null>;
  /** Tailwind max-width class of the panel. */
  width?: string;
  testId?: string;
}

/** A modal dialog: a bottom sheet on phones, centred from `sm` up; Escape, the close button and the backdrop close it. */
export function Modal({ title, onClose, children, initialFocus, width = 'max-w-md', testId }: ModalProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  useFocusTrap(panelRef, onClose, { initialFocus });

  return createPortal(
    <div className="fixed inset-0 z-50 flex items-end justify-center sm:items-center sm:p-4">
      <div className="absolute inset-0 bg-slate-900/50" aria-hidden="true" onClick={onClose} />
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        data-testid={testId}
        tabIndex={-1}
        className={clsx(
          'relative flex max-h-[calc(100dvh-2rem)] w-full flex-col rounded-t-2xl bg-white shadow-xl focus:outline-none sm:rounded-xl',
          width,
        )}
      >
        <div className="flex items-start gap-3 px-5 pb-2 pt-4">
          <h2 id={titleId} className="min-w-0 flex-1 pt-1.5 text-lg font-semibold text-slate-900">
            {title}
          </h2>
          <button
            type="button"
            onClick={onClose}
            aria-label={t('chat.close')}
            className="grid size-10 shrink-0 place-items-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600"
          >
            <X className="size-5" aria-hidden="true" />
          </button>
        </div>
        <div className="min-h-0 overflow-y-auto px-5 pb-5">{children}</div>
      </div>
    </div>,
    document.body,
  );
}
