import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import { buttonClass } from './button';
import { Dialog } from './dialog';

/** "Leave without saving?": the one leave warning of the back office's editors (the shared dialog). */
export function LeaveDialog({ onStay, onLeave }: { onStay: () => void; onLeave: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog role="alertdialog" title={t('leave.title')} description={t('leave.text')} onClose={onStay} testId="leave-dialog">
      <div className="mt-4 flex flex-wrap justify-end gap-2">
        <button type="button" autoFocus className={buttonClass({ variant: 'secondary' })} onClick={onStay}>
          {t('leave.stay')}
        </button>
        <button
          type="button"
          className="rounded-lg bg-red-700 px-4 py-2.5 text-sm font-semibold text-white hover:bg-red-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-red-600 focus-visible:ring-offset-2"
          onClick={onLeave}
        >
          {t('leave.leave')}
        </button>
      </div>
    </Dialog>
  );
}

/**
 * Asks before leaving while something is unsaved (`when`), and only then: closing the tab, and every link inside the
 * app that changes the page (a tab of the same editor too).
 */
export function LeaveGuard({ when }: { when: boolean }) {
  useEffect(() => {
    if (!when) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [when]);
  const blocker = useBlocker(({ currentLocation, nextLocation }) => when && currentLocation.pathname !== nextLocation.pathname);
  return blocker.state === 'blocked' ? <LeaveDialog onStay={() => blocker.reset()} onLeave={() => blocker.proceed()} /> : null;
}
