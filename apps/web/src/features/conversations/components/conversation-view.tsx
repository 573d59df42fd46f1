import { AlertTriangle, Loader2, RotateCw, WifiOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/page-title';
import { useBlocks } from '../api/blocks';
import { useConversationMessages, type Me } from '../hooks/use-conversation-messages';
import { useTypingIndicator } from '../hooks/use-typing-indicator';
import { useTypingSender } from '../hooks/use-typing-sender';
import { isNotAvailable, pvtErrorText } from '../lib/pvt-errors';
import { ConversationHeader } from './conversation-header';
import { MessageComposer } from './message-composer';
import { MessageList } from './message-list';
import { NotAvailable } from './not-available';
import { StatePanel } from '../../../components/state-panel';
import { buttonClass } from '../../../components/button';

interface ConversationViewProps {
  conversationId: number;
  me: Me;
  /** The other member as the conversation list names them, until the conversation itself has loaded. */
  knownName?: string;
}

/** One open conversation: heading, history, typing line and input, with its loading and failure states. */
export function ConversationView({ conversationId, me, knownName }: ConversationViewProps) {
  const { t } = useTranslation();
  const { state, online, send, retry, loadOlder, reload } = useConversationMessages(conversationId, me);
  const typingName = useTypingIndicator(conversationId);
  const typing = useTypingSender(conversationId, me.name);
  const blocks = useBlocks(true);
  const other = state.users.find((user) => user.id !== me.id) ?? null;
  const name = other?.name ?? knownName ?? '';
  const blocked = other !== null && (blocks.data?.blocks ?? []).some((block) => block.id === other.id);

  if (state.status === 'error' && isNotAvailable(state.error)) return <NotAvailable />;

  return (
    <>
      <PageTitle title={name ? t('pvt.pageTitle', { name }) : t('pvt.title')} />
      <ConversationHeader title={name || t('pvt.title')} other={state.status === 'ready' ? other : null} blocked={blocked} />
      {!online && (
        <p role="status" className="flex items-center gap-2 border-b border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-900" data-testid="pvt-offline">
          <WifiOff className="size-4" aria-hidden="true" />
          {t('pvt.reconnecting')}
        </p>
      )}
      {state.status === 'loading' && <StatePanel icon={Loader2} spin role="status" title={t('pvt.loading')} testId="pvt-loading" />}
      {state.status === 'error' && (
        <StatePanel icon={AlertTriangle} tone="error" role="alert" title={t('pvt.loadError')} text={pvtErrorText(t, state.error)}>
          <button type="button" onClick={reload} className={buttonClass({ variant: 'secondary', size: 'sm' })}>
            <RotateCw className="size-4" aria-hidden="true" />
            {t('pvt.retryLoad')}
          </button>
        </StatePanel>
      )}
      {state.status === 'ready' && (
        <>
          <MessageList
            messages={state.messages}
            myId={me.id}
            otherName={name}
            hasOlder={state.hasOlder}
            older={state.older}
            onLoadOlder={loadOlder}
            onRetry={retry}
          />
          <p aria-live="polite" className="h-6 truncate px-5 text-xs italic leading-6 text-slate-600" data-testid="pvt-typing">
            {typingName ? t('pvt.typing', { name: typingName }) : ''}
          </p>
          {state.sendError !== null && (
            <p role="alert" className="mx-3 mb-2 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
              {pvtErrorText(t, state.sendError)}
            </p>
          )}
          {blocked ? (
            <p className="border-t border-slate-200 bg-slate-50 px-4 py-4 text-center text-sm text-slate-700" data-testid="pvt-blocked">
              {t('pvt.blockedNotice', { name })}
            </p>
          ) : (
            <MessageComposer otherName={name} typing={typing} onSend={send} />
          )}
        </>
      )}
    </>
  );
}
