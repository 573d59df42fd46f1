import { contactHoneypotField, contactLimits } from '@papo/contract/contact-limits';
import { Send } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api';
import { checkFields } from '../../../lib/field-errors';
import { contactSchemas, withModule, type ContactSchemas } from '../../../lib/on-use';
import { useSendContactMessage, type ContactFields } from '../api/send-contact-message';
import { contactErrorText, contactFieldErrors } from './contact-errors';
import { Button, PendingLabel, refocusIfLost } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { useFormValues } from '../../../hooks/use-form-values';
import { Honeypot } from './honeypot';
import { SendOutcome } from './send-outcome';

const emptyFields: ContactFields = { name: '', email: '', subject: '', message: '', [contactHoneypotField]: '' };

type Status = { kind: 'idle' } | { kind: 'sent' } | { kind: 'failed'; text: string };

/**
 * The contact form (members-area §2, §5): name and message required, e-mail and subject optional. A submit with a
 * blank name or message stops silently (focus goes to the blank field); the server's answer decides the rest.
 */
export function ContactForm() {
  const { t } = useTranslation();
  const baseId = useId();
  const submitRef = useRef<HTMLButtonElement>(null);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const form = useFormValues<ContactFields>(emptyFields, baseId, () => {
    if (status.kind !== 'idle') setStatus({ kind: 'idle' });
  });
  const { values: fields, setValues: setFields, setErrors: setFieldErrors, field, focusField } = form;
  const send = useSendContactMessage();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (send.isPending) return;
    const blank = (['name', 'message'] as const).find((field) => !fields[field].trim());
    if (blank) {
      focusField(blank);
      return;
    }
    // synchronous once the schemas are in (they start loading when the form is focused, lib/on-use.ts).
    const result = withModule(contactSchemas, (schemas) => sendChecked(schemas));
    if (result instanceof Promise)
      result.catch((error: unknown) => setStatus({ kind: 'failed', text: contactErrorText(t, error) }));
  };

  const sendChecked = ({ contactBody }: ContactSchemas) => {
    const checked = contactBody.safeParse(fields);
    if (!checked.success) {
      const keys = checkFields(checked.error);
      setFieldErrors(contactFieldErrors(t, keys));
      focusField(Object.keys(keys)[0] ?? 'name');
      return;
    }
    setStatus({ kind: 'idle' });
    send.mutate(fields, {
      onSuccess: () => {
        flushSync(() => {
          setFields(emptyFields);
          setStatus({ kind: 'sent' });
        });
        refocusIfLost(submitRef.current);
      },
      onError: (error) => {
        const texts = error instanceof ApiError ? contactFieldErrors(t, error.errors) : {};
        flushSync(() => {
          setFieldErrors(texts);
          setStatus({ kind: 'failed', text: contactErrorText(t, error) });
        });
        const invalid = Object.keys(texts)[0];
        if (invalid) focusField(invalid);
        else refocusIfLost(submitRef.current);
      },
    });
  };

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      onFocus={() => void contactSchemas.load().catch(() => {})}
      aria-busy={send.isPending}
      className="relative space-y-5"
    >
      <p className="text-sm text-slate-600">{t('contact.requiredNote')}</p>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField
          label={t('contact.name')}
          required
          autoComplete="name"
          maxLength={contactLimits.name}
          {...field('name')}
        />
        <FormField
          label={t('contact.email')}
          type="email"
          inputMode="email"
          autoComplete="email"
          maxLength={contactLimits.email}
          {...field('email')}
        />
      </div>
      <FormField label={t('contact.subject')} maxLength={contactLimits.subject} {...field('subject')} />
      <FormField
        label={t('contact.message')}
        multiline
        required
        rows={7}
        maxLength={contactLimits.message}
        {...field('message')}
      />
      <Honeypot
        id={form.idOf(contactHoneypotField)}
        value={fields[contactHoneypotField]}
        onChange={form.update(contactHoneypotField)}
      />

      <SendOutcome sent={status.kind === 'sent'} failure={status.kind === 'failed' ? status.text : null} />

      <Button
        variant="plain"
        ref={submitRef}
        type="submit"
        disabled={send.isPending}
        className="inline-flex w-full items-center justify-center gap-2 rounded-lg bg-emerald-700 px-5 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-emerald-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600 focus-visible:ring-offset-2 disabled:cursor-wait disabled:bg-emerald-700/70 sm:w-auto"
      >
        <PendingLabel
          pending={send.isPending}
          icon={Send}
          label={t('contact.send')}
          pendingLabel={t('contact.sending')}
        />
      </Button>
    </form>
  );
}
