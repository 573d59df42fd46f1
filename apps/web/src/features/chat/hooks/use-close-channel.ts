import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { channelPath, paths } from '../../../config/paths';
import { closeChannel } from '../store/channel-sessions';
import { getChatState } from '../store/chat-store';

/** The open channel shown after `channel`'s tab closes: the next tab, else the one before; null when none is left. */
export function neighbourOf(open: readonly string[], channel: string): string | null {
  const at = open.indexOf(channel);
  const rest = open.filter((name) => name !== channel);
  if (rest.length === 0) return null;
  return rest[Math.min(Math.max(at, 0), rest.length - 1)] ?? null;
}

/**
 * Closes a channel's tab (the member leaves it); when it is the one on screen, the neighbouring tab comes forward,
 * or the Channels page once none is left.
 */
export function useCloseChannel(): (channel: string) => void {
  const navigate = useNavigate();
  return useCallback(
    (channel: string) => {
      const { openChannels, currentChannel } = getChatState();
      const next = neighbourOf(openChannels, channel);
      closeChannel(channel);
      if (currentChannel === channel) void navigate(next ? channelPath(next) : paths.channels);
    },
    [navigate],
  );
}
