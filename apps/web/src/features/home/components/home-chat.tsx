import { contactLimits } from '@papo/contract/contact-limits';
import { CheckCircle2, MessageSquareText } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { errorText } from '../../../lib/api';
import { useHomeChat } from '../api/home';
import { HomeSection } from './home-section';
import { useStableId } from '../../../islands/island-id';
import { useTypedBeforeHydration } from '../../../hooks/use-typed-before-hydration';

/** The home page's message box (public-site §2.4, §4): after sending, the box gives way to a success message. */
export function HomeChat() {
  const { t } = useTranslation();
  const id = useStableId('message');
  const [message, setMessage] = useState('');
  const field = useTypedBeforeHydration<HTMLTextAreaElement>(setMessage);
  const send = useHomeChat();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!message.trim() || send.isPending) return;
    send.mutate(message.trim());
  };

  return (
    <HomeSection id="home-chat" title={t('homeSections.chat.title')} icon={MessageSquareText}>
      {send.isSuccess ? (
        <p role="status" className="flex items-start gap-2 rounded-md bg-emerald-50 px-3 py-3 text-sm text-emerald-900">
          <CheckCircle2 className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {t('homeSections.chat.sent')}
        </p>
      ) : (
        <form onSubmit={submit} className="flex flex-col gap-2">
          <label htmlFor={id} className="text-sm text-slate-600">
            {t('homeSections.chat.label')}
          </label>
          <textarea
            ref={field}
            id={id}
            value={message}
            onChange={(event) => setMessage(event.target.value)}
            maxLength={contactLimits.message}
            rows={3}
            required
            placeholder={t('homeSections.chat.placeholder')}
            className="block w-full rounded-lg border border-slate-300 px-3 py-2 text-base text-slate-900 placeholder:text-slate-500 focus-visible:border-emerald-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600 sm:text-sm"
          />
          {send.isError && (
            <p role="alert" className="text-sm text-red-700">
              {errorText(t, send.error)}
            </p>
          )}
          <Button
            type="submit"
            busy={send.isPending}
            busyLabel={t('homeSections.chat.sending')}
            disabled={!message.trim()}
            className="self-end"
          >
            {t('homeSections.chat.send')}
          </Button>
        </form>
      )}
    </HomeSection>
  );
}
