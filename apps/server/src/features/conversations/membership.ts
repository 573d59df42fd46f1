import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { ConversationMembership } from '../../realtime/types.js';
import { findConversation } from './repo.js';

/** What the real-time layer asks before letting a socket into `conversation_<id>`. */
export function createConversationMembership(db: Kysely<Database>): ConversationMembership {
  return {
    async isMember(userId, conversationId) {
      const conversation = await findConversation(db, conversationId);
      return conversation !== undefined && (conversation.userA === userId || conversation.userB === userId);
    },
  };
}
