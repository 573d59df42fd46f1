import { conversationRoutes } from '@papo/contract/browser-routes/conversations';
import type { SentPrivateMessage } from '@papo/contract/conversations';
import { api } from '../api';

/** `POST /api/conversations/private/messages`: stores the message and answers its id. */
export function sendPrivateMessage(conversationId: number, content: string): Promise<SentPrivateMessage> {
  return api(conversationRoutes.send, { body: { content, conversation_id: conversationId } });
}
