import type { SentPrivateMessage } from '@papo/contract/conversations';
import { apiFetch } from '../../../lib/api';

/** `POST /api/conversations/private/messages`: the text of `/msg nick text`. */
export function sendPrivateMessage(conversationId: number, content: string): Promise<SentPrivateMessage> {
  return apiFetch<SentPrivateMessage>('/api/conversations/private/messages', {
    json: { conversation_id: conversationId, content },
  });
}
