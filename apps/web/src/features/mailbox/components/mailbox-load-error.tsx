import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/ui/load-state';
import { mailboxErrorText } from '../lib/mailbox-errors';

/** A mailbox page or message that failed to load: why, in the mailbox's words, and a retry. */
export function MailboxLoadError({ title, error, onRetry }: { title: string; error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return <ErrorState title={title} text={mailboxErrorText(t, error)} onRetry={onRetry} />;
}
