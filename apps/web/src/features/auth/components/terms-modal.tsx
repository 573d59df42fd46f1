import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TermsText } from './terms-text';

// a few pixels of slack: zoomed pages report fractional scroll positions that never reach the exact end.
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

/** The scrolling terms text; tells when it has been read to its end. Mounted with the dialog's content. */
function TermsScroll({
  scrollRef,
  onReadToEnd,
}: {
  scrollRef: RefObject<HTMLDivElement | null>;
  onReadToEnd: () => void;
}) {
  const { t } = useTranslation();
  const update = useCallback(() => {
    if (scrollRef.current && scrolledToEnd(scrollRef.current)) onReadToEnd();
  }, [scrollRef, onReadToEnd]);

  // a text that fits without scrolling (a tall window) counts as read.
  useLayoutEffect(update, [update]);
  useEffect(() => {
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, [update]);

  return (
    <div
      ref={scrollRef}
      tabIndex={0}
      role="region"
      aria-label={t('register.termsText')}
      onScroll={update}
      data-testid="terms-text"
      className="h-[500px] min-h-0 shrink overflow-y-auto px-5 py-4 focus:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-emerald-600"
    >
      <TermsText />
    </div>
  );
}

/**
 * The terms of use in a modal (members-area §2): at most 700 px tall with a 500 px scrolling text, which
 * takes the focus; Agree stays disabled until the text has been scrolled to its end.
 */
export function TermsModal({ onAgree, onDecline, onClose }: TermsModalProps) {
  const { t } = useTranslation();
  const hintId = useId();
  const textRef = useRef<HTMLDivElement>(null);
  const [readToEnd, setReadToEnd] = useState(false);
  const markRead = useCallback(() => setReadToEnd(true), []);

  return (
    <Dialog
      title={t('terms.title')}
      onClose={onClose}
      closeLabel={t('register.termsClose')}
      initialFocus={textRef}
      width="max-w-2xl"
      className="max-h-[min(700px,calc(100dvh-1.5rem))] rounded-2xl border-b-0"
      bodyClassName="flex min-h-0 flex-col border-t border-slate-200"
      testId="terms-modal"
    >
      <TermsScroll scrollRef={textRef} onReadToEnd={markRead} />
      <div className="flex flex-col gap-3 border-t border-slate-200 px-5 py-4 sm:flex-row sm:items-center sm:justify-between">
        <p id={hintId} className="text-sm text-slate-600">
          {readToEnd ? t('register.termsReadDone') : t('register.termsScrollHint')}
        </p>
        <div className="flex gap-2">
          <Button variant="secondary" onClick={onDecline} className="flex-1 sm:flex-none">
            {t('register.termsDecline')}
          </Button>
          <Button
            onClick={onAgree}
            disabled={!readToEnd}
            data-testid="terms-agree"
            aria-describedby={hintId}
            className="flex-1 sm:flex-none"
          >
            {t('register.termsAgree')}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
