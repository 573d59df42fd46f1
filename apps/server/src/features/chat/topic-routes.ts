import { latestTopicBody, updateTopicBody, type ChatStatusAnswer } from '@papo/contract/chat';
import type { FastifyInstance } from 'fastify';
import { parseBody } from '../../lib/http-error.js';
import { currentUser } from '../../lib/guard.js';
import type { ChatContext } from './context.js';
import { sendKept } from '../../lib/shared-cache.js';
import { latestTopicAnswers, topicReads, updateTopic } from './topic-service.js';

/** `POST /api/latest-topic` and `PUT /api/topic`. */
export function registerTopicRoutes(app: FastifyInstance, ctx: ChatContext): void {
  // NOTE: whole answers kept while their parts are (decision 020): a hit sends bytes made once.
  const answers = latestTopicAnswers(topicReads(app));
  // NOTE: not async: a kept answer is sent without a promise (sendKept).
  app.post('/api/latest-topic', (request, reply) => {
    const { channel } = parseBody(latestTopicBody, request.body);
    return sendKept(request, reply, answers(currentUser(request).userId, channel), { audience: 'member' });
  });

  app.put('/api/topic', async (request): Promise<ChatStatusAnswer> => {
    const { channel, content } = parseBody(updateTopicBody, request.body);
    await updateTopic(ctx, currentUser(request).userId, channel, content);
    return { status: 'success', message: 'topic_updated' };
  });
}
