import { conversationRoutes } from '@papo/contract/browser-routes/conversations';
import { api } from '../../../lib/api';

/**
 * `POST /api/add-conversation`: opens (or finds) the private conversation with a member, by id or by any name they
 * chat under (404 `user_not_found` for nobody).
 */
export async function addConversation(member: { id: number } | { nickname: string }): Promise<number> {
  const body = 'id' in member ? { user: member.id } : { nickname: member.nickname };
  const answer = await api(conversationRoutes.add, { body });
  return answer.conversation_id;
}
