import { LoaderCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface SubmitButtonProps {
  children: ReactNode;
  /** A call is in flight: the button is disabled and shows a spinner. */
  busy: boolean;
  disabled?: boolean;
  describedBy?: string;
}

export const primaryButtonClass =
  'inline-flex w-full items-center justify-center gap-2 rounded-lg bg-emerald-700 px-4 py-2.5 text-base font-semibold text-white shadow-sm hover:bg-emerald-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600 focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:bg-slate-300 disabled:text-slate-600 disabled:shadow-none';

/** The form's submit button; while busy it is disabled, spins and says so to screen readers. */
export function SubmitButton({ children, busy, disabled, describedBy }: SubmitButtonProps) {
  const { t } = useTranslation();
  return (
    <button type="submit" disabled={busy || disabled} aria-describedby={describedBy} className={primaryButtonClass}>
      {busy && <LoaderCircle className="size-5 animate-spin motion-reduce:animate-none" aria-hidden="true" />}
      {children}
      {busy && <span className="sr-only">{t('authCommon.working')}</span>}
    </button>
  );
}
