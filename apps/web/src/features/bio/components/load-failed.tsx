import { AlertTriangle, RotateCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { StatePanel } from '../../../components/state-panel';

/** A failed load of a bio screen, with a retry (the spec only logs failures; Papo shows them). */
export function LoadFailed({ title, onRetry }: { title: string; onRetry(): void }) {
  const { t } = useTranslation();
  return (
    <StatePanel variant="card" icon={AlertTriangle} tone="error" role="alert" title={title}>
      <Button variant="secondary" onClick={onRetry}>
        <RotateCw className="size-4" aria-hidden="true" />
        {t('bio.retry')}
      </Button>
    </StatePanel>
  );
}
