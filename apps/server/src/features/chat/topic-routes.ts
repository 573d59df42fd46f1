import { chatRoutes } from '@papo/contract/chat';
import type { FastifyInstance } from 'fastify';
import { serve } from '../../lib/api-route.js';
import type { ChatContext } from './context.js';
import { sendKept } from '../../lib/shared-cache.js';
import { latestTopicAnswers, topicReads, updateTopic } from './topic-service.js';

/** `POST /api/latest-topic` and `PUT /api/topic`. */
export function registerTopicRoutes(app: FastifyInstance, ctx: ChatContext): void {
  // whole answers kept while their parts are (decision 020): a hit sends bytes made once.
  const answers = latestTopicAnswers(topicReads(app));
  // not async: a kept answer is sent without a promise (sendKept).
  serve(app, chatRoutes.latestTopic, ({ body, user, request, reply }) =>
    sendKept(request, reply, answers(user.userId, body.channel), { audience: 'member' }),
  );

  serve(app, chatRoutes.updateTopic, async ({ body, user }) => {
    await updateTopic(ctx, user.userId, body.channel, body.content);
    return { status: 'success' as const, message: 'topic_updated' };
  });
}
