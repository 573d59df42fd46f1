import { RefreshCw } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../../components/button';
import { activate, registerServiceWorker } from '../lib/register';

/**
 * Registers the service worker (mounted by main.tsx in built apps only) and, when a new version is ready, says so instead of changing the
 * page under the reader: "Nova versão disponível — Atualizar".
 */
export function UpdateBanner() {
  const { t } = useTranslation();
  const [waiting, setWaiting] = useState<ServiceWorker | null>(null);

  useEffect(() => registerServiceWorker(setWaiting), []);

  if (!waiting) return null;
  return (
    <div
      role="status"
      data-testid="update-banner"
      className="fixed inset-x-2 bottom-2 z-50 flex items-center justify-between gap-3 rounded-lg border border-emerald-200 bg-white px-4 py-3 text-sm text-slate-900 shadow-lg sm:inset-x-auto sm:right-4 sm:bottom-4"
    >
      <span>{t('pwa.update.available')}</span>
      <button type="button" onClick={() => activate(waiting)} className={buttonClass({ variant: 'primary', size: 'sm' })}>
        <RefreshCw className="size-4" aria-hidden="true" />
        {t('pwa.update.action')}
      </button>
    </div>
  );
}
