import { conversationRoutes } from '@papo/contract/browser-routes/conversations';
import { api } from '../../../lib/api';

/** The id of our conversation with the member called `name` (as a private-message notification names them), or null. */
export async function findConversationWith(name: string): Promise<number | null> {
  const conversations = await api(conversationRoutes.list);
  const match = conversations.find((conversation) => conversation.name === name || conversation.user.name === name);
  return match?.id ?? null;
}
