import { contactLimits, contactReplyBody, type ContactDetail } from '@papo/contract/contact';
import { Send, X } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api';
import { checkFields } from '../../../lib/field-errors';
import { useSession } from '../../../lib/session';
import { useReplyToContact, type ReplyInput } from '../api/reply-to-contact';
import { useDateTimeFormat } from '../../../hooks/use-date-time-format';
import { mailboxErrorText, mailboxFieldErrors } from '../lib/mailbox-errors';
import { quoteOriginal, replySubject } from '../lib/reply-draft';
import { Button, PendingLabel, refocusIfLost } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { useFormValues } from '../../../hooks/use-form-values';

interface ReplyFormProps {
  id: string;
  contact: ContactDetail;
  onCancel: () => void;
  onSent: (to: string) => void;
}

/**
 * The reply to a contact message: recipient (the sender's address), 'Re: ' subject and a body quoting the original.
 * It opens and closes locally (members-area §2); the server mails it and records the reply.
 */
export function ReplyForm({ id, contact, onCancel, onSent }: ReplyFormProps) {
  const { t } = useTranslation();
  const session = useSession();
  const formatLong = useDateTimeFormat('long');
  const reply = useReplyToContact(contact.id, session?.username ?? null);
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  const submitRef = useRef<HTMLButtonElement>(null);
  const form = useFormValues<ReplyInput>(() => {
    const sender = contact.email ? `${contact.name} <${contact.email}>` : contact.name;
    return {
      to: contact.email ?? '',
      subject: replySubject(contact.subject, t('mailbox.reply.defaultSubject')),
      body: quoteOriginal(
        contact.message,
        t('mailbox.reply.attribution', { date: formatLong(contact.date), name: sender }),
      ),
    };
  }, id);
  const { values: fields, field } = form;
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    // the caret goes above the quote, where the answer is written, as in a mail client.
    const body = bodyRef.current;
    if (!body) return;
    body.focus();
    body.setSelectionRange(0, 0);
    body.scrollTop = 0;
  }, []);

  const showFieldErrors = (keys: Record<string, string[]>) => {
    form.setErrors(mailboxFieldErrors(t, keys));
    const first = (['to', 'subject', 'body'] as const).find((name) => keys[name]);
    if (first) form.focusField(first);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (reply.isPending) return;
    setFailure(null);
    // the server would fall back to the sender's address; the form always names the recipient it shows.
    if (!fields.to.trim()) return showFieldErrors({ to: ['email_required'] });
    const checked = contactReplyBody.safeParse(fields);
    if (!checked.success) return showFieldErrors(checkFields(checked.error));
    const to = checked.data.to ?? fields.to.trim();
    reply.mutate(
      { to, subject: fields.subject, body: fields.body },
      {
        onSuccess: () => onSent(to),
        onError: (error) => {
          flushSync(() => setFailure(mailboxErrorText(t, error)));
          if (error instanceof ApiError && Object.keys(error.errors).length) showFieldErrors(error.errors);
          else refocusIfLost(submitRef.current);
        },
      },
    );
  };

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="mt-6 rounded-lg border border-slate-200 bg-white p-5 shadow-sm sm:p-8"
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
        {t('mailbox.reply.title', { name: contact.name })}
      </h2>
      <form id={id} noValidate onSubmit={onSubmit} aria-busy={reply.isPending} className="mt-5 space-y-5">
        <FormField
          label={t('mailbox.reply.to')}
          required
          type="email"
          inputMode="email"
          autoComplete="off"
          maxLength={contactLimits.email}
          {...field('to')}
        />
        <FormField
          label={t('mailbox.reply.subject')}
          required
          maxLength={contactLimits.replySubject}
          {...field('subject')}
        />
        <FormField
          label={t('mailbox.reply.body')}
          required
          multiline
          textareaRef={bodyRef}
          rows={12}
          maxLength={contactLimits.replyBody}
          {...field('body')}
        />
        {failure && (
          <p
            role="alert"
            data-testid="reply-error"
            className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800"
          >
            {failure}
          </p>
        )}
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onCancel} disabled={reply.isPending}>
            <X className="size-4" aria-hidden="true" />
            {t('mailbox.reply.cancel')}
          </Button>
          <Button ref={submitRef} type="submit" disabled={reply.isPending}>
            <PendingLabel
              pending={reply.isPending}
              icon={Send}
              label={t('mailbox.reply.send')}
              pendingLabel={t('mailbox.reply.sending')}
            />
          </Button>
        </div>
      </form>
    </section>
  );
}
