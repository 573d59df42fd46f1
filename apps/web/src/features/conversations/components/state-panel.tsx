import clsx from 'clsx';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

interface StatePanelProps {
  icon: LucideIcon;
  title: string;
  text?: string;
  tone?: 'neutral' | 'error';
  /** `status` for loading (announced politely), `alert` for errors; none for a static state. */
  role?: 'status' | 'alert';
  spin?: boolean;
  children?: ReactNode;
  testId?: string;
}

/** Loading, empty, error and not-available states inside the conversation panel. */
export function StatePanel({ icon: Icon, title, text, tone = 'neutral', role, spin, children, testId }: StatePanelProps) {
  return (
    <div role={role} data-testid={testId} className="flex flex-1 flex-col items-center justify-center px-6 py-10 text-center">
      <span
        aria-hidden="true"
        className={clsx(
          'grid size-12 place-items-center rounded-full',
          tone === 'error' ? 'bg-red-100 text-red-700' : 'bg-emerald-50 text-emerald-700',
        )}
      >
        <Icon className={clsx('size-6', spin && 'animate-spin')} />
      </span>
      <p className={clsx('mt-4 text-base font-semibold', tone === 'error' ? 'text-red-900' : 'text-slate-900')}>{title}</p>
      {text && <p className="mt-1 max-w-md text-sm text-slate-600">{text}</p>}
      {children && <div className="mt-5">{children}</div>}
    </div>
  );
}
