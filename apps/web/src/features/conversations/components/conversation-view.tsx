import { WifiOff } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/page-title';
import { useBlocks } from '../api/blocks';
import { useConversationMessages, type Me } from '../hooks/use-conversation-messages';
import { useConversationPresence } from '../hooks/use-conversation-presence';
import { usePeerOnline } from '../hooks/use-peer-online';
import { clientRooms } from '@papo/contract/socket-events';
import { useTypingIndicator } from '../../../lib/typing/use-typing-indicator';
import { useTypingSender } from '../../../lib/typing/use-typing-sender';
import type { ChatMessage } from '../lib/message-list';
import { isNotAvailable, pvtErrorText } from '../lib/pvt-errors';
import { ConversationHeader } from './conversation-header';
import { MessageComposer } from './message-composer';
import { MessageList } from './message-list';
import { NotAvailable } from './not-available';
import { ErrorState, LoadingState } from '../../../components/ui/load-state';

interface ConversationViewProps {
  conversationId: number;
  me: Me;
  /** The other member as the conversation list names them, until the conversation itself has loaded. */
  knownName?: string;
  /** Messages the list says are unread; the first answer seen is where the reader left off. */
  knownUnread?: number;
}

/** The key of the message the reader had not seen yet: the `unread`-th last message from the other member. */
function firstUnread(messages: ChatMessage[], myId: number | null, unread: number): string | null {
  if (unread <= 0) return null;
  const theirs = messages.filter((message) => message.id !== null && message.senderId !== myId);
  return theirs[Math.max(0, theirs.length - unread)]?.key ?? null;
}

/** One open conversation: heading, history, typing line and input, with its loading and failure states. */
export function ConversationView({ conversationId, me, knownName, knownUnread }: ConversationViewProps) {
  const { t } = useTranslation();
  const { state, online, send, retry, loadOlder, reload } = useConversationMessages(conversationId, me);
  // fixed once the first page is in: reading marks the conversation read, and the marker must stay where it was.
  const [unreadKey, setUnreadKey] = useState<string | null | undefined>(undefined);
  if (unreadKey === undefined && state.status === 'ready' && knownUnread !== undefined) {
    setUnreadKey(firstUnread(state.messages, me.id, knownUnread));
  }
  const [typingName] = useTypingIndicator(clientRooms.conversation(conversationId));
  const typing = useTypingSender(clientRooms.conversation(conversationId), me.name);
  const blocks = useBlocks(true);
  const other = state.users.find((user) => user.id !== me.id) ?? null;
  const name = other?.name ?? knownName ?? '';
  const blocked = other !== null && (blocks.data?.blocks ?? []).some((block) => block.id === other.id);
  const present = useConversationPresence(conversationId, other?.id ?? null);
  const peerOnline = usePeerOnline(conversationId, present);

  if (state.status === 'error' && isNotAvailable(state.error)) return <NotAvailable />;

  return (
    <>
      <PageTitle title={name ? t('pvt.pageTitle', { name }) : t('pvt.title')} />
      <ConversationHeader
        title={name || t('pvt.title')}
        other={state.status === 'ready' ? other : null}
        blocked={blocked}
        present={present}
        online={peerOnline}
      />
      {/* the banner lies over the top of the history, so nothing below it moves (decision 016). */}
      <div role="status" aria-live="polite" className="relative z-10 h-0">
        {!online && (
          <p
            className="absolute inset-x-0 top-0 flex items-center gap-2 border-b border-amber-200 bg-amber-50/95 px-4 py-2 text-sm text-amber-900 shadow-sm"
            data-testid="pvt-offline"
          >
            <WifiOff className="size-4" aria-hidden="true" />
            {t('pvt.reconnecting')}
          </p>
        )}
      </div>
      {state.status === 'loading' && <LoadingState title={t('pvt.loading')} testId="pvt-loading" />}
      {state.status === 'error' && (
        <ErrorState variant="fill" title={t('pvt.loadError')} text={pvtErrorText(t, state.error)} onRetry={reload} />
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
            firstUnreadKey={unreadKey}
          />
          <p
            aria-live="polite"
            className="h-6 truncate px-5 text-xs italic leading-6 text-slate-600"
            data-testid="pvt-typing"
          >
            {typingName ? t('pvt.typing', { name: typingName }) : ''}
          </p>
          {state.sendError !== null && (
            <p role="alert" className="mx-3 mb-2 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
              {pvtErrorText(t, state.sendError)}
            </p>
          )}
          {blocked ? (
            <p
              className="border-t border-slate-200 bg-slate-50 px-4 py-4 text-center text-sm text-slate-700"
              data-testid="pvt-blocked"
            >
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
