import { forgotPasswordBody, resetPasswordBody, type MessageResponse } from '@papo/contract/auth';
import type { FastifyPluginAsync } from 'fastify';
import { httpError, parseBody } from '../../lib/http-error.js';
import { isCommonPassword } from './common-passwords.js';
import { requestPasswordReset, resetPassword } from './password-reset.js';

const resetLimit = { rateLimit: { max: 10, timeWindow: '1 hour' } };

/** Forgot password: a mailed single-use link, then a new password (the spec shows only the link). */
export const passwordRoutes: FastifyPluginAsync = async (app) => {
  app.post('/api/forgot-password', { config: resetLimit }, async (request): Promise<MessageResponse> => {
    const { email } = parseBody(forgotPasswordBody, request.body);
    await requestPasswordReset(app, email);
    return { message: 'reset_link_sent' };
  });

  app.post('/api/reset-password', { config: resetLimit }, async (request): Promise<MessageResponse> => {
    const { token, password } = parseBody(resetPasswordBody, request.body);
    if (isCommonPassword(password)) throw httpError(400, 'validation_failed', { password: ['password_too_common'] });
    await resetPassword(app, token, password);
    return { message: 'password_reset' };
  });
};
