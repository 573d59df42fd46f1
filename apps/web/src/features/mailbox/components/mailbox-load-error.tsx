import { AlertTriangle, RotateCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { StatePanel } from '../../../components/ui/state-panel';
import { mailboxErrorText } from '../lib/mailbox-errors';

/** A mailbox page or message that failed to load: why, in the mailbox's words, and a retry. */
export function MailboxLoadError({ title, error, onRetry }: { title: string; error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <StatePanel
      variant="card"
      icon={AlertTriangle}
      tone="error"
      role="alert"
      title={title}
      text={mailboxErrorText(t, error)}
    >
      <Button variant="secondary" onClick={onRetry}>
        <RotateCw className="size-4" aria-hidden="true" />
        {t('mailbox.retry')}
      </Button>
    </StatePanel>
  );
}
