import type { ContactDetail } from '@papo/contract/contact';
import { CheckCircle2, Reply } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/page-title';
import { useDateTimeFormat } from '../../../hooks/use-date-time-format';
import { Button } from '../../../components/ui/button';
import { BackLink } from '../../../components/back-link';
import { paths } from '../../../config/paths';
import { ContactBadges } from './contact-badges';
import { RepliedNote } from './replied-note';
import { ReplyForm } from './reply-form';

/** One contact message: sender, subject, delivery date, the text as written, its reply state and the reply form. */
export function ContactMessageView({ contact }: { contact: ContactDetail }) {
  const { t } = useTranslation();
  const formatLong = useDateTimeFormat('long');
  const formId = useId();
  const replyButtonRef = useRef<HTMLButtonElement>(null);
  const [replying, setReplying] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const title = contact.subject ?? t('mailbox.noSubject');

  const openForm = () => {
    setSentTo(null);
    setReplying(true);
  };
  // the button comes back when the form closes; focus returns to it so keyboard users keep their place.
  const closeForm = (to: string | null) => {
    flushSync(() => {
      setReplying(false);
      setSentTo(to);
    });
    replyButtonRef.current?.focus();
  };

  return (
    <div className="mx-auto max-w-3xl">
      <PageTitle title={title} />
      <BackLink to={paths.mailbox} className="mb-4">
        {t('mailbox.message.back')}
      </BackLink>
      <article className="rounded-lg border border-slate-200 bg-white shadow-sm">
        <header className="border-b border-slate-100 px-5 py-5 sm:px-8 sm:py-6">
          <div className="flex flex-wrap items-center gap-2 text-xs text-slate-500">
            <span className="font-medium tabular-nums">{t('mailbox.message.number', { id: contact.id })}</span>
            <ContactBadges contact={contact} />
          </div>
          <h1
            data-testid="contact-subject"
            className="mt-2 text-xl font-bold tracking-tight break-words text-slate-900 sm:text-2xl"
          >
            {title}
          </h1>
          <dl className="mt-4 grid gap-4 text-sm sm:grid-cols-2">
            <div className="min-w-0">
              <dt className="text-xs font-semibold uppercase tracking-wide text-slate-500">
                {t('mailbox.message.from')}
              </dt>
              <dd data-testid="contact-sender" className="mt-1 text-slate-900">
                <span className="block font-medium break-words">{contact.name}</span>
                {contact.email ? (
                  <a
                    href={`mailto:${contact.email}`}
                    className="break-all text-emerald-800 underline-offset-2 hover:underline"
                  >
                    {contact.email}
                  </a>
                ) : (
                  <span className="italic text-slate-500">{t('mailbox.noEmail')}</span>
                )}
              </dd>
            </div>
            <div>
              <dt className="text-xs font-semibold uppercase tracking-wide text-slate-500">
                {t('mailbox.message.received')}
              </dt>
              <dd className="mt-1 text-slate-900">
                <time dateTime={contact.date}>{formatLong(contact.date)}</time>
              </dd>
            </div>
          </dl>
        </header>
        <section aria-label={t('mailbox.message.body')} className="px-5 py-6 sm:px-8">
          <p
            data-testid="contact-message"
            className="whitespace-pre-wrap break-words text-base leading-7 text-slate-800"
          >
            {contact.message}
          </p>
        </section>
        <footer className="space-y-4 rounded-b-lg border-t border-slate-100 bg-slate-50 px-5 py-4 sm:px-8">
          <RepliedNote contact={contact} />
          <div role="status">
            {sentTo && (
              <p data-testid="reply-sent" className="flex items-center gap-2 text-sm font-medium text-emerald-800">
                <CheckCircle2 className="size-4 shrink-0" aria-hidden="true" />
                {t('mailbox.reply.sent', { to: sentTo })}
              </p>
            )}
          </div>
          {!replying && (
            <Button ref={replyButtonRef} onClick={openForm}>
              <Reply className="size-4" aria-hidden="true" />
              {t('mailbox.message.reply')}
            </Button>
          )}
        </footer>
      </article>
      {replying && (
        <ReplyForm id={formId} contact={contact} onCancel={() => closeForm(null)} onSent={(to) => closeForm(to)} />
      )}
    </div>
  );
}
