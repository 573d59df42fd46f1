import { CircleAlert, Inbox, LoaderCircle, RotateCw, type LucideIcon } from 'lucide-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';
import { StatePanel } from './state-panel';

/** While something loads: a spinner announced politely, framed as a `card` where the screen's other states are. */
export function LoadingState({
  title,
  variant,
  testId = 'load-loading',
}: {
  title?: string;
  variant?: 'fill' | 'card';
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <StatePanel
      icon={LoaderCircle}
      spin
      role="status"
      variant={variant}
      title={title ?? t('loadState.loading')}
      testId={testId}
    />
  );
}

/**
 * Something that failed to load, with a retry where the screen can reload (the spec only logs these failures; Papo
 * shows them). `text` gives the screen's own reason; without it, the text says whether the device is offline. A
 * refusal no retry can change (a 403) passes no `onRetry` and its own `icon`. Framed as a `card` unless the screen
 * asks for `fill`, as `LoadingState` is.
 */
export function ErrorState({
  onRetry,
  title,
  text,
  icon = CircleAlert,
  variant = 'card',
  testId = 'load-error',
}: {
  onRetry?: () => void;
  title?: string;
  text?: string;
  icon?: LucideIcon;
  variant?: 'fill' | 'card';
  testId?: string;
}) {
  const { t } = useTranslation();
  const offline = typeof navigator !== 'undefined' && !navigator.onLine;
  return (
    <StatePanel
      icon={icon}
      tone="error"
      role="alert"
      variant={variant}
      title={title ?? t('loadState.error')}
      text={text ?? t(offline ? 'loadState.offline' : 'loadState.errorText')}
      testId={testId}
    >
      {onRetry && (
        <Button onClick={onRetry}>
          <RotateCw className="size-4" aria-hidden="true" />
          {t('loadState.retry')}
        </Button>
      )}
    </StatePanel>
  );
}

/** A list with nothing in it. */
export function EmptyState({ title, text }: { title: string; text?: string }) {
  return <StatePanel icon={Inbox} variant="card" title={title} text={text} testId="load-empty" />;
}

interface QueryViewProps<T> {
  query: UseQueryResult<T>;
  /** The empty state's title, shown when `isEmpty(data)`. */
  empty?: { title: string; isEmpty: (data: T) => boolean };
  children: (data: T) => ReactNode;
}

/** A query's loading, error (with retry) and empty states, else its content. */
export function QueryView<T>({ query, empty, children }: QueryViewProps<T>) {
  if (query.isPending) return <LoadingState />;
  if (query.isError)
    return (
      <div className="mt-6">
        <ErrorState onRetry={() => void query.refetch()} />
      </div>
    );
  if (empty?.isEmpty(query.data))
    return (
      <div className="mt-6">
        <EmptyState title={empty.title} />
      </div>
    );
  return children(query.data);
}
