import type { ChatErrorAnswer } from '@papo/contract/chat';
import type { FastifyPluginAsync } from 'fastify';
import { installErrorHandler } from '../../lib/http-error.js';
import { registerChanServRoutes } from './chanserv-routes.js';
import { createChatContext, type ChatContext, type ChatOptions } from './context.js';
import { registerDirectoryRoutes } from './directory-routes.js';
import { registerMessageRoutes } from './message-routes.js';
import { registerTopicRoutes } from './topic-routes.js';

/** IRC-style channels: messages, topics, ChanServ, NickServ's whois and favourite channels. */
export const chatRoutes: FastifyPluginAsync<ChatOptions & { context?: ChatContext }> = async (app, options) => {
  // given by app.ts so the IRC gateway shares it (one flood control per node); built here otherwise.
  const ctx = options.context ?? (await createChatContext(app, options));
  // the app's one error handler, in the chat's shape: channel text stays out of the logs (client errors by
  // message key only) and every 4xx answers `{status: 'error', message, errors?}` as the spec's client reads it.
  installErrorHandler(app, { logBodies: false, shape: (body): ChatErrorAnswer => ({ status: 'error', ...body }) });
  registerMessageRoutes(app, ctx);
  registerTopicRoutes(app, ctx);
  registerChanServRoutes(app, ctx);
  registerDirectoryRoutes(app, ctx);
};
