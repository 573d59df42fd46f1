import { clientRooms } from '@papo/contract/socket-events';
import { useCallback, useEffect, useState } from 'react';
import { PageTitle } from '../../../components/page-title';
import { panelQuery } from '../../../hooks/use-media-query';
import { useSession } from '../../../lib/session';
import { showRoom } from '../../../lib/socket';
import { useFavoriteChannels } from '../../../lib/favorite-channels/get-favorite-channels';
import { useLatestTopic } from '../api/latest-topic';
import { useChannelEvents } from '../hooks/use-channel-events';
import { useCommandContext } from '../hooks/use-command-context';
import { useConnection } from '../hooks/use-connection';
import type { ChatLine } from '../store/chat-line';
import { claimChatSession } from '../store/channel-sessions';
import {
  closeDialog,
  getChatState,
  setCurrentChannel,
  setHasNickname,
  setUserChannelLevel,
  setUserFilter,
  setUserNickname,
  useChatStore,
} from '../store/chat-store';
import { ChannelHeader } from './channel-header';
import { ChannelTabs } from './channel-tabs';
import { ChatDialogs } from './chat-dialogs';
import { ConnectionBanner } from './connection-banner';
import { MessageInput } from './message-input';
import { MessageList } from './message-list';
import { NewChannelPrompt } from './new-channel-prompt';
import { NicknameLine } from './nickname-line';
import { TypingLine } from './typing-line';
import { RemovalNotice } from './removal-notice';
import { TopicDialog } from './topic-dialog';
import { TopicLine } from './topic-line';
import { UsersDrawer } from './users-drawer';

const noLines: readonly ChatLine[] = [];

/** The channel screen (members-area §2): heading, tabs, topic, the live log, the input and the nickname line. */
export function ChannelScreen({ channel }: { channel: string }) {
  const username = useSession()?.username ?? null;
  // declared first, so it runs before the effects that fill the store for this member.
  useEffect(() => claimChatSession(username), [username]);
  // each channel opened asks for the favourites once (members-area §4): its mount shares a request under way
  // (the sidebar's, or StrictMode's second mount) instead of cancelling it for another.
  useFavoriteChannels(true, { everyMount: true });
  const { status, rejoin, create } = useChannelEvents(channel);
  const connection = useConnection();
  // a channel that does not exist has no topic to read; the screen asks whether to create it instead.
  const missing = status.kind === 'refused' && status.message === 'channel_not_found';
  const topic = useLatestTopic(channel, status.kind !== 'joining' && !missing);
  const lines = useChatStore((state) => state.messages[channel] ?? noLines);
  const nickname = useChatStore((state) => state.userNickname);
  const hasNickname = useChatStore((state) => state.hasNickname);
  const level = useChatStore((state) => state.userChannelLevels[channel] ?? 0);
  const userCount = useChatStore((state) => state.onlineUsers[channel]?.length ?? 0);
  const [topicOpen, setTopicOpen] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const context = useCommandContext({ channel, topic: topic.data?.topic ?? null });

  // the room and topic follow the channel prop (the favourites are asked for on mount, above). The server hears
  // which channel is on screen: a mention in another open channel rings the bell and is pushed.
  useEffect(() => {
    setCurrentChannel(channel);
    showRoom(clientRooms.channel(channel));
    return () => {
      showRoom(null);
      setCurrentChannel(null);
      setUserFilter(null);
      closeDialog();
    };
  }, [channel]);

  // the right-hand panel loads Your level lazily; fetching it now makes the first switch instant.
  useEffect(() => {
    void import('./level-tab');
  }, []);

  useEffect(() => {
    if (!topic.data) return;
    setUserNickname(topic.data.nickname);
    setHasNickname(topic.data.has_nickname);
    setUserChannelLevel(channel, topic.data.user_channel_level);
  }, [channel, topic.data]);

  const onNickClick = useCallback(
    (name: string) => {
      const user = getChatState().onlineUsers[channel]?.find((entry) => entry.nickname === name);
      if (!user) return;
      setUserFilter(user.id);
      if (!window.matchMedia(panelQuery).matches) setDrawerOpen(true);
    },
    [channel],
  );
  const closeTopic = useCallback(() => setTopicOpen(false), []);
  const closeDrawer = useCallback(() => setDrawerOpen(false), []);

  const joined = status.kind === 'joined';
  return (
    <div className="flex min-h-0 flex-1 flex-col" data-testid="channel-screen">
      <PageTitle title={`#${channel}`} />
      <div className="flex flex-col gap-2 px-4 pb-2 pt-3 sm:px-6">
        <ChannelHeader channel={channel} userCount={userCount} onOpenUsers={() => setDrawerOpen(true)} />
        <ChannelTabs />
      </div>
      <div className="flex min-h-0 flex-1 flex-col border-t border-slate-200 bg-white">
        <ConnectionBanner state={connection} />
        {missing ? (
          <NewChannelPrompt channel={channel} onCreate={create} />
        ) : (
          <>
            <TopicLine
              topic={topic.data}
              loading={topic.isPending}
              failed={topic.isError}
              onOpen={() => setTopicOpen(true)}
            />
            <RemovalNotice channel={channel} status={status} onRejoin={rejoin} />
            <MessageList
              channel={channel}
              lines={lines}
              nickname={nickname}
              joining={status.kind === 'joining'}
              outside={status.kind !== 'joining' && !joined}
              onNickClick={onNickClick}
            />
            <TypingLine channel={channel} />
          </>
        )}
        <MessageInput channel={channel} enabled={joined} context={context} />
        <NicknameLine nickname={nickname} level={level} hasNickname={hasNickname} />
      </div>
      {topicOpen && <TopicDialog channel={channel} topic={topic.data?.topic ?? null} onClose={closeTopic} />}
      {drawerOpen && <UsersDrawer channel={channel} count={userCount} onClose={closeDrawer} />}
      <ChatDialogs />
    </div>
  );
}
