import { sendMessageBody, type SendMessageAnswer } from '@papo/contract/chat';
import type { FastifyInstance } from 'fastify';
import { parseBody } from '../../lib/http-error.js';
import { currentUser } from '../../lib/guard.js';
import type { ChatContext } from './context.js';
import { sendChannelMessage } from './message-service.js';

/** `POST /api/send-message` (JSON or form data). */
export function registerMessageRoutes(app: FastifyInstance, ctx: ChatContext): void {
  app.post('/api/send-message', async (request): Promise<SendMessageAnswer> => {
    const input = parseBody(sendMessageBody, request.body);
    const message = await sendChannelMessage(ctx, currentUser(request).userId, input);
    return { status: 'success', id: message.id };
  });
}
