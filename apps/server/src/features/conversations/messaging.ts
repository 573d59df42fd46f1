import type { SentPrivateMessage } from '@papo/contract/conversations';
import { notificationTypes } from '@papo/contract/notifications';
import { rooms, type ConversationMessage } from '@papo/contract/socket-events';
import type { FastifyInstance } from 'fastify';
import { userSeesRoom } from '../../realtime/presence.js';
import type { RealtimeContext } from '../../realtime/types.js';
import { notify } from '../notifications/index.js';
import { insertMessage } from './messages-repo.js';
import { findMembers, markConversationRead } from './repo.js';
import { refuseIfBlocked, requireMembership } from './service.js';

/** Writing and typing in private conversations, with their real-time side. */
export interface Messaging {
  send(senderId: number, input: { conversationId: number; content: string }): Promise<SentPrivateMessage>;
  typing(senderId: number, input: { conversationId: number; isTyping: boolean }): Promise<void>;
}

export function createMessaging(app: FastifyInstance, ctx: RealtimeContext): Messaging {
  async function nameOf(userId: number): Promise<string> {
    const [member] = await findMembers(app.db, [userId]);
    return member?.name ?? '';
  }

  /**
   * Whether a shown tab of the user (on any node) has the conversation's room joined: they are looking at it. A tab
   * hidden in the background is not looking: the member gets the bell (and web push).
   * asked of the nodes, not of presence: presence learns of a leave on another node a Redis hop later,
   * and a stale yes would lose the bell of a member who just looked away.
   */
  function isViewing(conversationId: number, userId: number): Promise<boolean> {
    return userSeesRoom(ctx, userId, rooms.conversation(conversationId));
  }

  return {
    async send(senderId, { conversationId, content }) {
      const { otherId } = await requireMembership(app.db, senderId, conversationId);
      await refuseIfBlocked(app.db, senderId, otherId);
      const stored = await insertMessage(app.db, { conversationId, senderId, content });
      const message: ConversationMessage = {
        ...stored,
        conversationId,
        content,
        senderId,
        senderName: await nameOf(senderId),
      };
      app.io.to(rooms.conversation(conversationId)).emit('new_message', message);
      // a member with the conversation open has seen the message; anyone else is told through the bell.
      if (await isViewing(conversationId, otherId)) await markConversationRead(app.db, conversationId, otherId);
      else
        await notify(app, {
          userTo: otherId,
          type: notificationTypes.privateMessage,
          message: message.senderName,
          about: { conversationId },
        });
      return stored;
    },

    async typing(senderId, { conversationId, isTyping }) {
      const { otherId } = await requireMembership(app.db, senderId, conversationId);
      await refuseIfBlocked(app.db, senderId, otherId);
      const username = await nameOf(senderId);
      // every tab of the sender is left out, the one typing and any other it has open.
      app.io
        .to(rooms.conversation(conversationId))
        .except(rooms.user(senderId))
        .emit('typing', { is_typing: isTyping, username, conversation_id: conversationId });
    },
  };
}
