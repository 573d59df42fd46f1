import type { ChatErrorAnswer } from '@papo/contract/chat';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { setRetryAfter, toErrorReply } from '../../lib/http-error.js';
import { signedIn } from '../../lib/guard.js';
import { registerChanServRoutes } from './chanserv-routes.js';
import { createChatContext, type ChatContext, type ChatOptions } from './context.js';
import { registerDirectoryRoutes } from './directory-routes.js';
import { registerMessageRoutes } from './message-routes.js';
import { registerTopicRoutes } from './topic-routes.js';

/**
 * Keeps channel text out of the logs (DESIGN §1.5): client errors are logged by message key only,
 * never with the error or the body. Every 4xx answers `{status: 'error', message, errors?}` as the
 * spec's client reads it.
 */
function installChatErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    const { status, body } = toErrorReply(error);
    setRetryAfter(reply, error, status);
    if (status === 503) request.log.warn({ key: body.message }, 'chat request refused: service unavailable');
    else if (status >= 500) request.log.error({ err: error }, 'chat request failed');
    else request.log.debug({ status, key: body.message }, 'chat request rejected');
    const answer: ChatErrorAnswer = { status: 'error', ...body };
    return reply.status(status).send(answer);
  });
}

/** IRC-style channels (issue 5): messages, topics, ChanServ, NickServ's whois and favourite channels. */
export const chatRoutes: FastifyPluginAsync<ChatOptions & { context?: ChatContext }> = async (app, options) => {
  // NOTE: given by app.ts so the IRC gateway shares it (one flood control per node); built here otherwise.
  const ctx = options.context ?? (await createChatContext(app, options));
  installChatErrorHandler(app);
  // NOTE: onRequest, so a request without a valid token is refused before its body is read.
  app.addHook('onRequest', signedIn);
  registerMessageRoutes(app, ctx);
  registerTopicRoutes(app, ctx);
  registerChanServRoutes(app, ctx);
  registerDirectoryRoutes(app, ctx);
};
