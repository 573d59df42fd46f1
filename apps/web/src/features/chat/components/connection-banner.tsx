import { WifiOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ConnectionState } from '../hooks/use-connection';

/**
 * A polite live region that says when the real-time connection is down and being restored. It lies
 * over the top of the log instead of pushing it down, so neither the page nor the lines jump (decision 016).
 */
export function ConnectionBanner({ state }: { state: ConnectionState }) {
  const { t } = useTranslation();
  return (
    <div role="status" aria-live="polite" className="relative z-10 h-0">
      {state === 'down' && (
        <p
          data-testid="connection-banner"
          className="absolute inset-x-0 top-0 flex items-center gap-2 border-b border-amber-200 bg-amber-50/95 px-3 py-2 text-sm font-medium text-amber-900 shadow-sm"
        >
          <WifiOff className="size-4 shrink-0" aria-hidden="true" />
          {t('chat.connectionLost')}
        </p>
      )}
    </div>
  );
}
