import { WifiOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ConnectionState } from '../hooks/use-connection';

/** A polite live region that says when the real-time connection is down and being restored. */
export function ConnectionBanner({ state }: { state: ConnectionState }) {
  const { t } = useTranslation();
  return (
    <div role="status" aria-live="polite">
      {state === 'down' && (
        <p data-testid="connection-banner" className="flex items-center gap-2 border-b border-amber-200 bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900">
          <WifiOff className="size-4 shrink-0" aria-hidden="true" />
          {t('chat.connectionLost')}
        </p>
      )}
    </div>
  );
}
