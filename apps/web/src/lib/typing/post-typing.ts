import { conversationRoutes } from '@papo/contract/browser-routes/conversations';
import type { clientRooms } from '@papo/contract/socket-events';
import { api } from '../api';

/**
 * Where someone types, as the socket's `join` names it (`clientRooms`): `#barra` (a channel) or `conversation_12`. A
 * text, so the typing hooks can depend on it.
 */
export type TypingPlace = ReturnType<(typeof clientRooms)['channel' | 'conversation']>;

/** `POST /api/typing`: tells the others in the conversation or channel that we started or stopped typing. */
export function postTyping(place: TypingPlace, username: string, isTyping: boolean): Promise<unknown> {
  const body = place.startsWith('#')
    ? { channel: place, is_typing: isTyping }
    : { conversation_id: Number(place.slice('conversation_'.length)), username, is_typing: isTyping };
  return api(conversationRoutes.typing, { body });
}
