import { latestTopicBody, updateTopicBody, type ChatStatusAnswer, type LatestTopicAnswer } from '@papo/contract/chat';
import type { FastifyInstance } from 'fastify';
import { parseBody } from '../../lib/http-error.js';
import { currentUser } from '../../lib/guard.js';
import type { ChatContext } from './context.js';
import { latestTopic, topicReads, updateTopic } from './topic-service.js';

/** `POST /api/latest-topic` and `PUT /api/topic`. */
export function registerTopicRoutes(app: FastifyInstance, ctx: ChatContext): void {
  const reads = topicReads(app);
  app.post('/api/latest-topic', async (request): Promise<LatestTopicAnswer> => {
    const { channel } = parseBody(latestTopicBody, request.body);
    return { status: 'success', data: await latestTopic(reads, currentUser(request).userId, channel) };
  });

  app.put('/api/topic', async (request): Promise<ChatStatusAnswer> => {
    const { channel, content } = parseBody(updateTopicBody, request.body);
    await updateTopic(ctx, currentUser(request).userId, channel, content);
    return { status: 'success', message: 'topic_updated' };
  });
}
