import { conversationRoutes } from '@papo/contract/browser-routes/conversations';
import { api } from '../../../lib/api';

/** `POST /api/typing`: tells the other member we started or stopped typing. */
export function postTyping(conversationId: number, username: string, isTyping: boolean): Promise<unknown> {
  return api(conversationRoutes.typing, { body: { conversation_id: conversationId, username, is_typing: isTyping } });
}
