import type { ConversationSummary } from '@papo/contract/conversations';
import { apiFetch } from '../../../lib/api';

/** The id of our conversation with the member called `name` (as a private-message notification names them), or null. */
export async function findConversationWith(name: string): Promise<number | null> {
  const conversations = await apiFetch<ConversationSummary[]>('/api/conversations');
  const match = conversations.find((conversation) => conversation.name === name || conversation.user.name === name);
  return match?.id ?? null;
}
