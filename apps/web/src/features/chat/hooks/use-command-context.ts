import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { readSession } from '../../../lib/session';
import type { CommandContext } from '../commands/types';
import { useCloseChannel } from './use-close-channel';
import { systemLine } from '../store/chat-line';
import { addLine, getChatState, openDialog } from '../store/chat-store';
import { sendLine } from '../store/send-line';

interface Options {
  channel: string;
  topic: string | null;
}

/** Builds, at the moment of sending, what slash commands and plain text may do on this channel screen. */
export function useCommandContext({ channel, topic }: Options): () => CommandContext {
  const navigate = useNavigate();
  const close = useCloseChannel();
  return useCallback(() => {
    const nickname = getChatState().userNickname ?? readSession()?.username ?? '';
    return {
      channel,
      topic,
      nickname,
      say: (key, params, tone) => addLine(systemLine(channel, key, params, tone)),
      send: (text, action) => sendLine(channel, nickname, text, action),
      navigate: (path) => navigate(path),
      openWhois: (target) => openDialog({ kind: 'whois', nickname: target }),
      findUser: (target) =>
        getChatState().onlineUsers[channel]?.find((user) => user.nickname.toLowerCase() === target.toLowerCase()),
      part: () => close(channel),
    };
  }, [channel, topic, navigate, close]);
}
