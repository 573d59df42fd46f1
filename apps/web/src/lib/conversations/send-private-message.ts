import type { SentPrivateMessage } from '@papo/contract/conversations';
import { apiFetch } from '../api';

/** `POST /api/conversations/private/messages`: stores the message and answers its id. */
export function sendPrivateMessage(conversationId: number, content: string): Promise<SentPrivateMessage> {
  return apiFetch<SentPrivateMessage>('/api/conversations/private/messages', {
    json: { content, conversation_id: conversationId },
  });
}
