import type { ContactSummary } from '@papo/contract/contact';
import { CheckCheck, MessagesSquare } from 'lucide-react';
import { useTranslation } from 'react-i18next';

const badgeClass = 'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap';

/** Marks answered messages and those that came from the home page's chat box. */
export function ContactBadges({ contact }: { contact: Pick<ContactSummary, 'repliedAt' | 'source'> }) {
  const { t } = useTranslation();
  if (!contact.repliedAt && contact.source !== 'home_chat') return null;
  return (
    <span className="inline-flex flex-wrap gap-1.5">
      {contact.repliedAt && (
        <span
          data-testid="replied-badge"
          className={`${badgeClass} bg-emerald-50 text-emerald-800 ring-1 ring-emerald-200`}
        >
          <CheckCheck className="size-3.5" aria-hidden="true" />
          {t('mailbox.replied')}
        </span>
      )}
      {contact.source === 'home_chat' && (
        <span className={`${badgeClass} bg-sky-50 text-sky-800 ring-1 ring-sky-200`}>
          <MessagesSquare className="size-3.5" aria-hidden="true" />
          {t('mailbox.fromHomeChat')}
        </span>
      )}
    </span>
  );
}
