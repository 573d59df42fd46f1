import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useSession } from '../../../lib/session';
import { useConversations } from '../../../lib/conversations/get-conversations';
import { parseConversationId } from '../../../lib/conversations/pvt-path';
import { ConversationTabs } from './conversation-tabs';
import { ConversationView } from './conversation-view';
import { NotAvailable } from './not-available';

/**
 * The private conversation screen /pvt/{id} (members-area §2): tabs per conversation and the open one; `channelTabs`,
 * when given, are the open channels' tabs, shown first so the way back to a channel stays on screen.
 */
export function PrivateConversationScreen({ channelTabs }: { channelTabs?: ReactNode }) {
  const { t } = useTranslation();
  const params = useParams();
  const session = useSession();
  const parsed = parseConversationId(params.id);
  const signedIn = session !== null;
  const selected = useConversations(signedIn && parsed !== null, parsed ?? undefined);
  // A conversation that is not ours makes the list call refuse; the tabs then come from the plain list.
  const plain = useConversations(signedIn && (parsed === null || selected.isError));
  const conversations = selected.data ?? plain.data ?? [];
  const me = { id: session?.userId ?? null, name: session?.username ?? '' };
  const known = conversations.find((conversation) => conversation.id === parsed);

  return (
    <section
      aria-label={t('pvt.title')}
      className="flex min-h-0 flex-1 flex-col overflow-hidden bg-white sm:m-4 sm:rounded-xl sm:border sm:border-slate-200 sm:shadow-sm lg:m-6"
      data-testid="pvt-screen"
    >
      {channelTabs && <div className="border-b border-slate-200 bg-slate-50 px-2 pt-2 empty:hidden">{channelTabs}</div>}
      <ConversationTabs conversations={conversations} />
      {parsed === null ? (
        <NotAvailable />
      ) : (
        <ConversationView
          key={parsed}
          conversationId={parsed}
          me={me}
          knownName={known?.name}
          knownUnread={known?.unread}
        />
      )}
    </section>
  );
}
