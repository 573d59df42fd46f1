import { X } from 'lucide-react';
import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFocusTrap } from '../../../hooks/use-focus-trap';
import { primaryButtonClass } from './submit-button';
import { TermsText } from './terms-text';

// NOTE: a few pixels of slack: zoomed pages report fractional scroll positions that never reach the exact end.
const bottomSlackPx = 4;

function scrolledToEnd(element: HTMLElement): boolean {
  return element.scrollTop + element.clientHeight >= element.scrollHeight - bottomSlackPx;
}

interface TermsModalProps {
  onAgree: () => void;
  onDecline: () => void;
  /** Escape and the close button: leaves the checkbox as it was. */
  onClose: () => void;
}

/**
 * The terms of use in a modal (members-area §2): at most 700 px tall with a 500 px scrolling text;
 * Agree stays disabled until the text has been scrolled to its end.
 */
export function TermsModal({ onAgree, onDecline, onClose }: TermsModalProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const hintId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const textRef = useRef<HTMLDivElement>(null);
  const [readToEnd, setReadToEnd] = useState(false);
  useFocusTrap(dialogRef, onClose, { initialFocus: 'none' });

  const update = useCallback(() => {
    if (textRef.current && scrolledToEnd(textRef.current)) setReadToEnd(true);
  }, []);

  // NOTE: a text that fits without scrolling (a tall window) counts as read.
  useLayoutEffect(update, [update]);
  useEffect(() => {
    textRef.current?.focus();
    window.addEventListener('resize', update);
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      window.removeEventListener('resize', update);
      document.body.style.overflow = overflow;
    };
  }, [update]);

  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-slate-900/60 p-3 sm:p-6">
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        data-testid="terms-modal"
        className="flex max-h-[min(700px,100%)] w-full max-w-2xl flex-col rounded-2xl bg-white shadow-2xl"
      >
        <div className="flex items-center justify-between gap-3 border-b border-slate-200 px-5 py-4">
          <h2 id={titleId} className="text-lg font-semibold text-slate-900">
            {t('terms.title')}
          </h2>
          <button
            type="button"
            onClick={onClose}
            aria-label={t('register.termsClose')}
            className="grid size-10 place-items-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600"
          >
            <X className="size-5" aria-hidden="true" />
          </button>
        </div>
        <div
          ref={textRef}
          tabIndex={0}
          role="region"
          aria-label={t('register.termsText')}
          onScroll={update}
          data-testid="terms-text"
          className="h-[500px] min-h-0 shrink overflow-y-auto px-5 py-4 focus:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-emerald-600"
        >
          <TermsText />
        </div>
        <div className="flex flex-col gap-3 border-t border-slate-200 px-5 py-4 sm:flex-row sm:items-center sm:justify-between">
          <p id={hintId} className="text-sm text-slate-600">
            {readToEnd ? t('register.termsReadDone') : t('register.termsScrollHint')}
          </p>
          <div className="flex gap-2">
            <button
              type="button"
              onClick={onDecline}
              className="flex-1 rounded-lg border border-slate-300 bg-white px-4 py-2.5 text-sm font-semibold text-slate-800 hover:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600 focus-visible:ring-offset-2 sm:flex-none"
            >
              {t('register.termsDecline')}
            </button>
            <button
              type="button"
              onClick={onAgree}
              disabled={!readToEnd}
              data-testid="terms-agree"
              aria-describedby={hintId}
              className={`${primaryButtonClass} flex-1 text-sm sm:w-auto sm:flex-none`}
            >
              {t('register.termsAgree')}
            </button>
          </div>
        </div>
      </div>
    </div>
  );
}
