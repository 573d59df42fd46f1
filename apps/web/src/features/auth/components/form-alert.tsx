import { CircleAlert, CircleCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import clsx from 'clsx';

/** A message about the whole form: an error is announced at once, a success politely. */
export function FormAlert({
  tone,
  children,
  testId,
}: {
  tone: 'error' | 'success';
  children: ReactNode;
  testId?: string;
}) {
  const Icon = tone === 'error' ? CircleAlert : CircleCheck;
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      data-testid={testId}
      className={clsx(
        'flex items-start gap-2.5 rounded-lg border px-3.5 py-3 text-sm leading-6',
        tone === 'error'
          ? 'border-red-200 bg-red-50 text-red-800'
          : 'border-emerald-200 bg-emerald-50 text-emerald-900',
      )}
    >
      <Icon className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <div className="min-w-0">{children}</div>
    </div>
  );
}
