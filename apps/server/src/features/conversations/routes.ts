import {
  addConversationBody,
  addConversationByNameBody,
  conversationListQuery,
  conversationPageQuery,
  conversationParams,
  privateMessageRateLimit,
  sendPrivateMessageBody,
  typingBody,
  typingRateLimit,
  type AddConversationAnswer,
  type ConversationPage,
  type ConversationSummary,
  type SentPrivateMessage,
} from '@papo/contract/conversations';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { currentUser, signedIn } from '../../lib/guard.js';
import { httpError, parseBody, parseParams, parseQuery } from '../../lib/http-error.js';
import type { RealtimeContext } from '../../realtime/types.js';
import { findMemberByName, memberReadCache } from '../users/index.js';
import { listConversations } from './repo.js';
import { createMessaging } from './messaging.js';
import { listUserConversations, readConversation, startConversation } from './service.js';
import { sendKept } from '../../lib/shared-cache.js';

/** Counted per member, not per address: members behind one network share nothing. NOTE: after the token check. */
const perUser = (limit: { max: number; windowMs: number }) => ({
  rateLimit: {
    max: limit.max,
    timeWindow: limit.windowMs,
    hook: 'preHandler' as const,
    keyGenerator: (request: FastifyRequest) => `user:${currentUser(request).userId}`,
  },
});

/** Private conversations: open, list, read, write and type; members only on every call. */
export const conversationRoutes: FastifyPluginAsync<{ realtime: RealtimeContext }> = async (app, { realtime }) => {
  const messaging = createMessaging(app, realtime);
  // NOTE: onRequest, so a request without a valid token is refused before its body is read.
  app.addHook('onRequest', signedIn);

  // NOTE: a body naming `nickname` reaches any member by a name they chat under, wherever they are (`/msg nick`).
  app.post('/api/add-conversation', async (request): Promise<AddConversationAnswer> => {
    const { userId } = currentUser(request);
    if (typeof request.body === 'object' && request.body !== null && 'nickname' in request.body) {
      const { nickname } = parseBody(addConversationByNameBody, request.body);
      const member = await findMemberByName(app.db, nickname);
      if (!member) throw httpError(404, 'user_not_found');
      return { conversation_id: await startConversation(app, userId, member.id) };
    }
    const { user } = parseBody(addConversationBody, request.body);
    return { conversation_id: await startConversation(app, userId, user) };
  });

  // NOTE: the plain list (every page load's sidebar) is kept per member; selecting one marks it read first.
  const lists = memberReadCache<ConversationSummary[]>(app, 'conversations', (userId) =>
    listConversations(app.db, userId),
  );
  // NOTE: not async: a kept list is sent without a promise (sendKept).
  app.get('/api/conversations', (request, reply) => {
    const { selectedConversationId } = parseQuery(conversationListQuery, request.query);
    const { userId } = currentUser(request);
    if (selectedConversationId !== undefined) return listUserConversations(app.db, userId, selectedConversationId);
    return sendKept(request, reply, lists.read(userId), { audience: 'member' });
  });

  app.post('/api/conversations/:id', async (request): Promise<ConversationPage> => {
    const { id } = parseParams(conversationParams, request.params);
    const query = parseQuery(conversationPageQuery, request.query);
    return readConversation(app.db, currentUser(request).userId, id, query);
  });

  app.post(
    '/api/conversations/private/messages',
    { config: perUser(privateMessageRateLimit) },
    async (request): Promise<SentPrivateMessage> => {
      const body = parseBody(sendPrivateMessageBody, request.body);
      return messaging.send(currentUser(request).userId, {
        conversationId: body.conversation_id,
        content: body.content,
      });
    },
  );

  app.post('/api/typing', { config: perUser(typingRateLimit) }, async (request): Promise<{ status: 'success' }> => {
    const body = parseBody(typingBody, request.body);
    await messaging.typing(currentUser(request).userId, {
      conversationId: body.conversation_id,
      isTyping: body.is_typing,
    });
    return { status: 'success' };
  });
};
