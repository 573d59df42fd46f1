import { useEffect } from 'react';
import { openChannel, rejoinChannel } from '../store/channel-sessions';
import { useChatStore } from '../store/chat-store';
import type { ChannelStatus } from './channel-status';

const joining: ChannelStatus = { kind: 'joining' };

/**
 * The channel on screen: opens its tab (joining it once; it stays joined when the screen goes, until the tab is
 * closed) and tells the screen where the member stands. `create` founds it after the member said yes to a
 * `channel_not_found` refusal.
 */
export function useChannelEvents(channel: string): { status: ChannelStatus; rejoin: () => void; create: () => void } {
  useEffect(() => openChannel(channel), [channel]);
  const status = useChatStore((state) => state.channelStatus[channel] ?? joining);
  return { status, rejoin: () => rejoinChannel(channel), create: () => rejoinChannel(channel, { create: true }) };
}
