import type { ContactSummary } from '@papo/contract/contact';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDateAndTime, useDateTimeFormat } from '../../../hooks/use-date-time-format';
import { ContactBadges } from './contact-badges';

interface MailboxListProps {
  contacts: ContactSummary[];
  caption: string;
}

const headClass = 'px-3 py-3 text-left text-xs font-semibold uppercase tracking-wide text-slate-600';

/** The link to one message, named with its number and sender for screen readers. */
function ViewLink({ contact, className }: { contact: ContactSummary; className: string }) {
  const { t } = useTranslation();
  return (
    <Link
      to={`/mail/${contact.id}`}
      aria-label={t('mailbox.viewLabel', { id: contact.id, name: contact.name })}
      className={className}
    >
      {t('mailbox.view')}
    </Link>
  );
}

/**
 * The mailbox as a table (wide screens). Name and e-mail share the sender column and the date wraps above the time, so
 * the subject keeps room in the ~700 px between the sidebar and the right-hand panel.
 */
export function MailboxTable({ contacts, caption }: MailboxListProps) {
  const { t } = useTranslation();
  const dateAndTime = useDateAndTime();
  return (
    <table className="w-full table-fixed border-collapse text-sm">
      <caption className="sr-only">{caption}</caption>
      <colgroup>
        <col className="w-14" />
        <col className="w-[30%]" />
        <col />
        <col className="w-28" />
        <col className="w-16" />
      </colgroup>
      <thead className="border-b border-slate-200 bg-slate-50">
        <tr>
          <th scope="col" className={headClass}>
            {t('mailbox.columns.id')}
          </th>
          <th scope="col" className={headClass}>
            {t('mailbox.columns.sender')}
          </th>
          <th scope="col" className={headClass}>
            {t('mailbox.columns.subject')}
          </th>
          <th scope="col" className={headClass}>
            {t('mailbox.columns.date')}
          </th>
          <th scope="col" className={headClass}>
            <span className="sr-only">{t('mailbox.columns.actions')}</span>
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {contacts.map((contact) => {
          const { date, time } = dateAndTime(contact.date);
          return (
            <tr key={contact.id} data-testid="mailbox-row" className="align-top hover:bg-slate-50">
              <td className="px-3 py-3 text-slate-500 tabular-nums">{contact.id}</td>
              <td className="px-3 py-3">
                <span className="block truncate font-medium text-slate-900" title={contact.name}>
                  {contact.name}
                </span>
                <span className="block truncate text-slate-600" title={contact.email ?? undefined}>
                  {contact.email ?? <span className="italic text-slate-500">{t('mailbox.noEmail')}</span>}
                </span>
              </td>
              <td className="px-3 py-3">
                <span className="line-clamp-2 break-words text-slate-800" title={contact.subject ?? undefined}>
                  {contact.subject ?? <span className="italic text-slate-500">{t('mailbox.noSubject')}</span>}
                </span>
                <span className="mt-1 block empty:hidden">
                  <ContactBadges contact={contact} />
                </span>
              </td>
              <td className="px-3 py-3 text-slate-700 tabular-nums">
                <time dateTime={contact.date}>
                  <span className="block">{date}</span>
                  <span className="block text-xs text-slate-500">{time}</span>
                </time>
              </td>
              <td className="px-3 py-3 text-right">
                <ViewLink
                  contact={contact}
                  className="rounded-md px-2 py-1 font-semibold text-emerald-800 underline-offset-2 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600"
                />
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** The mailbox as a list of cards (narrow screens), with the same facts and link as a table row. */
export function MailboxCards({ contacts, caption }: MailboxListProps) {
  const { t } = useTranslation();
  const formatDate = useDateTimeFormat();
  return (
    <ul aria-label={caption} className="divide-y divide-slate-100">
      {contacts.map((contact) => (
        <li key={contact.id} data-testid="mailbox-row" className="px-4 py-4">
          <div className="flex items-baseline justify-between gap-3">
            <p className="min-w-0 truncate font-semibold text-slate-900">{contact.name}</p>
            <time dateTime={contact.date} className="shrink-0 text-xs text-slate-500 tabular-nums">
              {formatDate(contact.date)}
            </time>
          </div>
          <p className="truncate text-sm text-slate-600">
            {contact.email ?? <span className="italic text-slate-500">{t('mailbox.noEmail')}</span>}
          </p>
          <p className="mt-1 truncate text-sm text-slate-800">
            {contact.subject ?? <span className="italic text-slate-500">{t('mailbox.noSubject')}</span>}
          </p>
          <div className="mt-2 flex items-center justify-between gap-3">
            <span className="flex min-w-0 items-center gap-2 text-xs text-slate-500">
              <span className="tabular-nums">
                {t('mailbox.columns.id')} {contact.id}
              </span>
              <ContactBadges contact={contact} />
            </span>
            <ViewLink
              contact={contact}
              className="shrink-0 rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-semibold text-emerald-800 hover:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600"
            />
          </div>
        </li>
      ))}
    </ul>
  );
}
