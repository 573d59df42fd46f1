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
  /** `h1` when the state is the whole screen (not found), so the page keeps its main heading. */
  titleAs?: 'h1' | 'p';
  /** `fill` centres the state in the space its panel leaves (a conversation); `card` frames it in a bordered box (mailbox). */
  variant?: 'fill' | 'card';
}

/** A loading, empty, error or not-available state: an icon, a title, an optional text and actions. */
export function StatePanel(props: StatePanelProps) {
  const {
    icon: Icon,
    title,
    text,
    tone = 'neutral',
    role,
    spin,
    children,
    testId,
    titleAs: Title = 'p',
    variant = 'fill',
  } = props;
  const error = tone === 'error';
  const card = variant === 'card';
  return (
    <div
      role={role}
      data-testid={testId}
      className={clsx(
        'flex flex-col items-center text-center',
        card ? 'rounded-lg border px-6 py-12' : 'flex-1 justify-center px-6 py-10',
        card && (error ? 'border-red-200 bg-red-50' : 'border-slate-200 bg-white'),
      )}
    >
      <span
        aria-hidden="true"
        className={clsx(
          'grid size-12 place-items-center rounded-full',
          error ? 'bg-red-100 text-red-700' : 'bg-emerald-50 text-emerald-700',
        )}
      >
        <Icon className={clsx('size-6', spin && 'animate-spin')} />
      </span>
      <Title
        className={clsx(
          'mt-4 font-semibold',
          Title === 'h1' ? 'text-xl' : 'text-base',
          error ? 'text-red-900' : 'text-slate-900',
        )}
      >
        {title}
      </Title>
      {text && (
        <p className={clsx('mt-1 max-w-md text-sm', card && error ? 'text-red-800' : 'text-slate-600')}>{text}</p>
      )}
      {children && <div className={card ? 'mt-6' : 'mt-5'}>{children}</div>}
    </div>
  );
}
