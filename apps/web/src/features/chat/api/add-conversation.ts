import type { AddConversationAnswer } from '@papo/contract/conversations';
import { apiFetch } from '../../../lib/api';

/** `POST /api/add-conversation`: opens (or finds) the private conversation with a member by id. */
export async function addConversation(userId: number): Promise<number> {
  const answer = await apiFetch<AddConversationAnswer>('/api/add-conversation', { json: { user: userId } });
  return answer.conversation_id;
}
