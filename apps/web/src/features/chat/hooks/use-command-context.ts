import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { channelPath, paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api';
import { readSession } from '../../../lib/session';
import { sendMessage } from '../api/send-message';
import type { CommandContext } from '../commands/types';
import { channelWithoutSlug } from '../lib/default-channel';
import { errorKey } from '../lib/error-key';
import { systemLine } from '../store/chat-line';
import { addLine, getChatState, openDialog } from '../store/chat-store';

interface Options {
  channel: string;
  topic: string | null;
  favorites: readonly string[];
}

/** Builds, at the moment of sending, what slash commands and plain text may do on this channel screen. */
export function useCommandContext({ channel, topic, favorites }: Options): () => CommandContext {
  const navigate = useNavigate();
  return useCallback(() => {
    const nickname = getChatState().userNickname ?? readSession()?.username ?? '';
    return {
      channel,
      topic,
      nickname,
      say: (key, params, tone) => addLine(systemLine(channel, key, params, tone)),
      send: async (text, action) => {
        try {
          await sendMessage({ channel, username: nickname, text, action });
        } catch (error) {
          const flood = error instanceof ApiError && error.message === 'flood_limit';
          addLine(flood ? systemLine(channel, 'flood', {}, 'error') : systemLine(channel, 'sendFailed', { reasonKey: errorKey(error) }, 'error'));
          throw error;
        }
      },
      navigate: (path) => navigate(path),
      openWhois: (target) => openDialog({ kind: 'whois', nickname: target }),
      findUser: (target) => getChatState().onlineUsers[channel]?.find((user) => user.nickname.toLowerCase() === target.toLowerCase()),
      part: () => {
        const next = channelWithoutSlug(favorites, channel);
        navigate(next ? channelPath(next) : paths.channels);
      },
    };
  }, [channel, topic, favorites, navigate]);
}
