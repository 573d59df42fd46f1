import { conversationRoutes } from '@papo/contract/browser-routes/conversations';
import type { ConversationPage } from '@papo/contract/conversations';
import { api } from '../../../lib/api';

/**
 * `POST /api/conversations/{id}` (empty body): the newest 50 messages oldest first, or the page
 * `before` an id (load older) or `after` one (catch-up after a dropped connection). Opening marks it read.
 */
export function getConversationPage(
  id: number,
  position: { before?: number; after?: number } = {},
): Promise<ConversationPage> {
  return api(conversationRoutes.page, { params: { id }, query: position });
}
