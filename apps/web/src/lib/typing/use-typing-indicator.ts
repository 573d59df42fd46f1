import {
  clientRooms,
  type ChannelMessage,
  type ConversationMessage,
  type TypingEvent,
} from '@papo/contract/socket-events';
import { useEffect, useState } from 'react';
import { getSocket } from '../socket';
import type { TypingPlace } from './post-typing';

/** How long `{name} is typing...` stays without a new typing event (members-area §9). */
export const typingIndicatorMs = 3_000;

function placeOf(event: TypingEvent): string {
  return 'channel' in event ? event.channel : clientRooms.conversation(event.conversation_id);
}

/**
 * The names of the members typing in this conversation or channel, first typist first. Each one disappears 3 s after
 * their last `typing` event, at once on `is_typing: false`, and when their line arrives.
 */
export function useTypingIndicator(place: TypingPlace): string[] {
  const [typing, setTyping] = useState<{ place: TypingPlace; names: string[] }>({ place, names: [] });

  useEffect(() => {
    const socket = getSocket();
    const timers = new Map<string, ReturnType<typeof setTimeout>>();
    const here = place.toLowerCase();
    const stop = (name: string) => {
      clearTimeout(timers.get(name));
      timers.delete(name);
      setTyping((current) =>
        current.names.includes(name) ? { place, names: current.names.filter((one) => one !== name) } : current,
      );
    };
    const onTyping = (event: TypingEvent) => {
      if (placeOf(event).toLowerCase() !== here) return;
      const name = event.username;
      if (!event.is_typing) return stop(name);
      clearTimeout(timers.get(name));
      timers.set(
        name,
        setTimeout(() => stop(name), typingIndicatorMs),
      );
      setTyping((current) =>
        current.place === place && current.names.includes(name) ? current : { place, names: [...current.names, name] },
      );
    };
    const onPrivate = (message: ConversationMessage) => {
      if (clientRooms.conversation(message.conversationId) === place) stop(message.senderName);
    };
    const onChannel = (message: ChannelMessage) => {
      if (message.channel.toLowerCase() === here && message.username) stop(message.username);
    };
    socket.on('typing', onTyping);
    socket.on('new_message', onPrivate);
    socket.on('new-message', onChannel);
    return () => {
      socket.off('typing', onTyping);
      socket.off('new_message', onPrivate);
      socket.off('new-message', onChannel);
      for (const timer of timers.values()) clearTimeout(timer);
    };
  }, [place]);

  return typing.place === place ? typing.names : [];
}
