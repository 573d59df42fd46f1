import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { channelPath, paths } from '../../../config/paths';
import { getSocket } from '../../../lib/socket';
import { readSession, useSession } from '../../../lib/session';
import { setUnreadTotal } from '../../../lib/unread-total';
import { recentConversationCount, useConversations } from '../../../lib/conversations/get-conversations';
import { useLiveConversations } from '../../../lib/conversations/use-live-conversations';
import { pvtPath } from '../../../lib/conversations/pvt-path';
import { topicKey } from '../api/latest-topic';
import { getOpenChannels } from '../api/open-channels';
import { neighbourOf } from '../hooks/use-close-channel';
import { claimChatSession, restoreOpenChannels, setSessionHooks } from '../store/channel-sessions';
import { getChatState, markChannelRead, requestInputFocus, useChatStore } from '../store/chat-store';

// the switcher's dialog loads on first Ctrl+K, not with every member's page.
const QuickSwitcher = lazy(() => import('./quick-switcher').then((m) => ({ default: m.QuickSwitcher })));

/** Where the account's open channels are cached; under 'me', so logout drops them. */
const openChannelsKey = ['me', 'open-channels'] as const;

/** The places Alt+↑/↓ move between: the open channels, then the conversations the sidebar lists. */
export function switchOrder(openChannels: readonly string[], conversationIds: readonly number[]): string[] {
  return [...openChannels.map(channelPath), ...conversationIds.map(pvtPath)];
}

/** The place after (`step` 1) or before (-1) the one on screen, going round; the first when none of them is on screen. */
export function stepThrough(order: readonly string[], current: string, step: 1 | -1): string | null {
  if (order.length === 0) return null;
  const at = order.indexOf(current);
  if (at === -1) return order[0] ?? null;
  return order[(at + step + order.length) % order.length] ?? null;
}

/** Reads again what failed to load (the sidebar, the favourites) once the network is back: an offline start recovers. */
function useRecoverAfterOffline() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const recover = () =>
      void queryClient.refetchQueries(
        { type: 'active', predicate: (query) => query.state.status === 'error' },
        { cancelRefetch: false },
      );
    const socket = getSocket();
    socket.on('connect', recover);
    window.addEventListener('online', recover);
    return () => {
      socket.off('connect', recover);
      window.removeEventListener('online', recover);
    };
  }, [queryClient]);
}

/**
 * The chat's life outside any one screen, on every member's page: the open channels restored per account, the topic
 * kept fresh, the conversations live, the unread total in the title, Alt+↑/↓ between open channels and
 * conversations, and Ctrl+K's quick switcher.
 */
export function ChatHost() {
  const session = useSession();
  const username = session?.username ?? null;
  const userId = session?.userId ?? null;
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [switcherOpen, setSwitcherOpen] = useState(false);

  useEffect(() => claimChatSession(username), [username]);
  // the host goes with the session (logout) and with pages of other layouts; only the first ends the chat.
  useEffect(
    () => () => {
      if (!readSession()) claimChatSession(null);
    },
    [],
  );
  useEffect(
    () =>
      setSessionHooks({
        topicChanged: (channel) => void queryClient.invalidateQueries({ queryKey: topicKey(channel) }),
        // the member closed the tab on another device; the one on screen here gives way as a close here would.
        closingElsewhere: (channel) => {
          const { openChannels, currentChannel } = getChatState();
          if (currentChannel !== channel) return;
          const next = neighbourOf(openChannels, channel);
          void navigate(next ? channelPath(next) : paths.channels);
        },
      }),
    [queryClient, navigate],
  );

  // retried while the network is away, so tabs come back by themselves after an offline start.
  const kept = useQuery({
    queryKey: openChannelsKey,
    queryFn: getOpenChannels,
    enabled: username !== null,
    staleTime: Infinity,
    retry: 3,
  });
  useEffect(() => {
    if (kept.data) restoreOpenChannels(kept.data);
  }, [kept.data]);

  useLiveConversations(userId);
  useRecoverAfterOffline();
  const conversations = useConversations(username !== null).data;

  const channelUnread = useChatStore((state) => Object.values(state.unread).reduce((sum, count) => sum + count, 0));
  const conversationUnread = (conversations ?? []).reduce((sum, conversation) => sum + conversation.unread, 0);
  useEffect(() => {
    setUnreadTotal(channelUnread + conversationUnread);
    return () => setUnreadTotal(0);
  }, [channelUnread, conversationUnread]);

  // coming back to a hidden tab, the channel on screen is read.
  useEffect(() => {
    const shown = () => {
      const current = getChatState().currentChannel;
      if (document.visibilityState === 'visible' && current) markChannelRead(current);
    };
    document.addEventListener('visibilitychange', shown);
    return () => document.removeEventListener('visibilitychange', shown);
  }, []);

  const openChannels = useChatStore((state) => state.openChannels);
  useEffect(() => {
    const ids = (conversations ?? []).slice(0, recentConversationCount).map((conversation) => conversation.id);
    const onKey = (event: KeyboardEvent) => {
      // a key the page already used is the page's (Ctrl+K is the article editor's link dialog), and so is any
      // key typed in rich text.
      if (event.defaultPrevented || (event.target instanceof HTMLElement && event.target.isContentEditable)) return;
      if (event.altKey && !event.ctrlKey && !event.metaKey && (event.key === 'ArrowDown' || event.key === 'ArrowUp')) {
        const next = stepThrough(switchOrder(openChannels, ids), pathname, event.key === 'ArrowDown' ? 1 : -1);
        if (!next) return;
        event.preventDefault();
        // from the keyboard to a channel: its input takes the keyboard once joined, so typing goes on there.
        if (openChannels.some((name) => channelPath(name) === next)) requestInputFocus();
        void navigate(next);
      } else if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        setSwitcherOpen(true);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [openChannels, conversations, pathname, navigate]);

  if (!switcherOpen) return null;
  return (
    <Suspense fallback={null}>
      <QuickSwitcher onClose={() => setSwitcherOpen(false)} />
    </Suspense>
  );
}
