import type { AddConversationAnswer } from '@papo/contract/conversations';
import { apiFetch } from '../../../lib/api';

/**
 * `POST /api/add-conversation`: opens (or finds) the private conversation with a member, by id or by any name they
 * chat under (404 `user_not_found` for nobody).
 */
export async function addConversation(member: { id: number } | { nickname: string }): Promise<number> {
  const json = 'id' in member ? { user: member.id } : { nickname: member.nickname };
  const answer = await apiFetch<AddConversationAnswer>('/api/add-conversation', { json });
  return answer.conversation_id;
}
