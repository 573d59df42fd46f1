import type { ConversationMessage } from '@papo/contract/socket-events';
import { useEffect, useRef, useState } from 'react';
import { getSocket } from '../../../lib/socket';

/** How long `{name} is typing...` stays without a new typing event (members-area §9). */
export const typingIndicatorMs = 3_000;

/**
 * The name of the member typing in this conversation, or null. It disappears 3 s after the last
 * `typing` event, at once on `is_typing: false`, and when that member's message arrives.
 */
export function useTypingIndicator(conversationId: number): string | null {
  const [typing, setTyping] = useState<{ conversationId: number; name: string } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    const socket = getSocket();
    const stop = () => {
      clearTimeout(timer.current);
      setTyping(null);
    };
    const onTyping = (event: { is_typing: boolean; username: string; conversation_id: number }) => {
      if (Number(event.conversation_id) !== conversationId) return;
      if (!event.is_typing) {
        stop();
        return;
      }
      clearTimeout(timer.current);
      setTyping({ conversationId, name: event.username });
      timer.current = setTimeout(stop, typingIndicatorMs);
    };
    const onMessage = (message: ConversationMessage) => {
      if (message.conversationId !== conversationId) return;
      setTyping((current) => {
        if (current?.name !== message.senderName) return current;
        clearTimeout(timer.current);
        return null;
      });
    };
    socket.on('typing', onTyping);
    socket.on('new_message', onMessage);
    return () => {
      socket.off('typing', onTyping);
      socket.off('new_message', onMessage);
      clearTimeout(timer.current);
    };
  }, [conversationId]);

  return typing?.conversationId === conversationId ? typing.name : null;
}
