import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import { ConfirmDialog } from './ui/confirm-dialog';

/** "Leave without saving?": the one leave warning of the back office's editors (the shared confirmation). */
export function LeaveDialog({ onStay, onLeave }: { onStay: () => void; onLeave: () => void }) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      title={t('leave.title')}
      text={t('leave.text')}
      cancelLabel={t('leave.stay')}
      confirmLabel={t('leave.leave')}
      onCancel={onStay}
      onConfirm={onLeave}
      testId="leave-dialog"
    />
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
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => when && currentLocation.pathname !== nextLocation.pathname,
  );
  return blocker.state === 'blocked' ? (
    <LeaveDialog onStay={() => blocker.reset()} onLeave={() => blocker.proceed()} />
  ) : null;
}
