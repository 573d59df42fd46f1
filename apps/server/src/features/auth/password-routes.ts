import { authRoutes } from '@papo/contract/auth';
import type { FastifyPluginAsync } from 'fastify';
import { serve } from '../../lib/api-route.js';
import { httpError } from '../../lib/http-error.js';
import { isCommonPassword } from './common-passwords.js';
import { requestPasswordReset, resetPassword } from './password-reset.js';

const resetLimit = { rateLimit: { max: 10, timeWindow: '1 hour' } };

/** Forgot password: a mailed single-use link, then a new password (the spec shows only the link). */
export const passwordRoutes: FastifyPluginAsync = async (app) => {
  serve(
    app,
    authRoutes.forgotPassword,
    async ({ body }) => {
      await requestPasswordReset(app, body.email);
      return { message: 'reset_link_sent' };
    },
    { config: resetLimit },
  );

  serve(
    app,
    authRoutes.resetPassword,
    async ({ body: { token, password } }) => {
      if (isCommonPassword(password)) throw httpError(400, 'validation_failed', { password: ['password_too_common'] });
      await resetPassword(app, token, password);
      return { message: 'password_reset' };
    },
    { config: resetLimit },
  );
};
