import type { ContactDetail } from '@papo/contract/contact';
import { CheckCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useDateTimeFormat } from '../../../hooks/use-date-time-format';

/** "Replied by X on date", and the reply as it was sent, folded. Nothing for a message nobody answered yet. */
export function RepliedNote({ contact }: { contact: ContactDetail }) {
  const { t } = useTranslation();
  const formatLong = useDateTimeFormat('long');
  if (!contact.repliedAt) return null;
  const date = formatLong(contact.repliedAt);
  return (
    <div className="text-sm">
      <p data-testid="replied-line" className="flex items-start gap-2 text-slate-700">
        <CheckCheck className="mt-0.5 size-4 shrink-0 text-emerald-700" aria-hidden="true" />
        <span>
          {contact.repliedBy
            ? t('mailbox.message.repliedBy', { name: contact.repliedBy, date })
            : t('mailbox.message.repliedAt', { date })}
        </span>
      </p>
      {contact.replyBody && (
        <details className="group mt-2 rounded-lg border border-slate-200 bg-white">
          <summary className="cursor-pointer rounded-lg px-3 py-2 font-medium text-emerald-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600">
            {t('mailbox.message.showReply')}
          </summary>
          <div className="border-t border-slate-100 px-3 py-3">
            {contact.replySubject && <p className="font-semibold break-words text-slate-900">{contact.replySubject}</p>}
            <p className="mt-2 whitespace-pre-wrap break-words text-slate-700">{contact.replyBody}</p>
          </div>
        </details>
      )}
    </div>
  );
}
