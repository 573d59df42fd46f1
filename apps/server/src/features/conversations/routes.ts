import {
  conversationRoutes as routes,
  privateMessageRateLimit,
  typingRateLimit,
  type ConversationSummary,
} from '@papo/contract/conversations';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { serve } from '../../lib/api-route.js';
import { currentUser } from '../../lib/guard.js';
import { httpError } from '../../lib/http-error.js';
import type { RealtimeContext } from '../../realtime/types.js';
import { findMemberByName, memberReadCache } from '../users/index.js';
import { listConversations } from './repo.js';
import { createMessaging } from './messaging.js';
import { answerPeerOnline } from './peer-online.js';
import { listUserConversations, readConversation, startConversation } from './service.js';
import { sendKept } from '../../lib/shared-cache.js';

/** Counted per member, not per address: members behind one network share nothing. After the token check. */
const perUser = (limit: { max: number; windowMs: number }) => ({
  rateLimit: {
    max: limit.max,
    timeWindow: limit.windowMs,
    hook: 'preHandler' as const,
    keyGenerator: (request: FastifyRequest) => `user:${currentUser(request).userId}`,
  },
});

/** Typing in a channel: chat's, handed in by the app so that conversations, which chat's reads use, needs not import it. */
export type ChannelTyping = (userId: number, input: { channel: string; isTyping: boolean }) => Promise<void>;

/** Private conversations: open, list, read, write and type (typing in a channel too); members only on every call. */
export const conversationRoutes: FastifyPluginAsync<{
  realtime: RealtimeContext;
  channelTyping: ChannelTyping;
}> = async (app, { realtime, channelTyping }) => {
  const messaging = createMessaging(app, realtime);
  answerPeerOnline(app, realtime);

  serve(app, routes.add, async ({ body, user }) => {
    if ('nickname' in body) {
      const member = await findMemberByName(app.db, body.nickname);
      if (!member) throw httpError(404, 'user_not_found');
      return { conversation_id: await startConversation(app, user.userId, member.id) };
    }
    return { conversation_id: await startConversation(app, user.userId, body.user) };
  });

  // the plain list (every page load's sidebar) is kept per member; selecting one marks it read first.
  const lists = memberReadCache<ConversationSummary[]>(app, 'conversations', (userId) =>
    listConversations(app.db, userId),
  );
  // not async: a kept list is sent without a promise (sendKept).
  serve(app, routes.list, ({ query, user, request, reply }) => {
    const { selectedConversationId } = query;
    if (selectedConversationId !== undefined) return listUserConversations(app.db, user.userId, selectedConversationId);
    return sendKept(request, reply, lists.read(user.userId), { audience: 'member' });
  });

  serve(app, routes.page, ({ params, query, user }) => readConversation(app.db, user.userId, params.id, query));

  serve(
    app,
    routes.send,
    ({ body, user }) => messaging.send(user.userId, { conversationId: body.conversation_id, content: body.content }),
    { config: perUser(privateMessageRateLimit) },
  );

  serve(
    app,
    routes.typing,
    async ({ body, user }) => {
      if ('channel' in body) await channelTyping(user.userId, { channel: body.channel, isTyping: body.is_typing });
      else await messaging.typing(user.userId, { conversationId: body.conversation_id, isTyping: body.is_typing });
      return { status: 'success' as const };
    },
    { config: perUser(typingRateLimit) },
  );
};
