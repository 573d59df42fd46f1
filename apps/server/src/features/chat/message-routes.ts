import { chatRoutes } from '@papo/contract/chat';
import type { FastifyInstance } from 'fastify';
import { serve } from '../../lib/api-route.js';
import type { ChatContext } from './context.js';
import { sendChannelMessage } from './message-service.js';

/** `POST /api/send-message` (JSON or form data). */
export function registerMessageRoutes(app: FastifyInstance, ctx: ChatContext): void {
  serve(app, chatRoutes.sendMessage, async ({ body, user }) => {
    const message = await sendChannelMessage(ctx, user.userId, body);
    return { status: 'success' as const, id: message.id };
  });
}
