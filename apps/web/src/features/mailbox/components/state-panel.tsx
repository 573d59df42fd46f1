import clsx from 'clsx';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

interface StatePanelProps {
  icon: LucideIcon;
  title: string;
  text?: string;
  tone?: 'neutral' | 'error';
  /** `status` for loading (announced politely), `alert` for errors; none for a static empty state. */
  role?: 'status' | 'alert';
  spin?: boolean;
  children?: ReactNode;
  testId?: string;
  /** `h1` when the state is the whole screen (not found), so the page keeps its main heading. */
  titleAs?: 'h1' | 'p';
}

/** The loading, empty, error and not-found states of the mailbox screens. */
export function StatePanel(props: StatePanelProps) {
  const { icon: Icon, title, text, tone = 'neutral', role, spin, children, testId, titleAs: Title = 'p' } = props;
  return (
    <div
      role={role}
      data-testid={testId}
      className={clsx(
        'flex flex-col items-center rounded-lg border px-6 py-12 text-center',
        tone === 'error' ? 'border-red-200 bg-red-50' : 'border-slate-200 bg-white',
      )}
    >
      <span
        aria-hidden="true"
        className={clsx(
          'grid size-12 place-items-center rounded-full',
          tone === 'error' ? 'bg-red-100 text-red-700' : 'bg-emerald-50 text-emerald-700',
        )}
      >
        <Icon className={clsx('size-6', spin && 'animate-spin')} />
      </span>
      <Title
        className={clsx(
          'mt-4 font-semibold',
          Title === 'h1' ? 'text-xl' : 'text-base',
          tone === 'error' ? 'text-red-900' : 'text-slate-900',
        )}
      >
        {title}
      </Title>
      {text && <p className={clsx('mt-1 max-w-md text-sm', tone === 'error' ? 'text-red-800' : 'text-slate-600')}>{text}</p>}
      {children && <div className="mt-6">{children}</div>}
    </div>
  );
}
