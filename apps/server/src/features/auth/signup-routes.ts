import { authRoutes } from '@papo/contract/auth';
import type { FastifyPluginAsync } from 'fastify';
import { serve } from '../../lib/api-route.js';
import { confirmCode, resendCode } from './codes.js';
import { signUp } from './signup.js';
import { checkUsername } from './usernames.js';

const signupLimit = { rateLimit: { max: 10, timeWindow: '1 hour' } };
const codeLimit = { rateLimit: { max: 20, timeWindow: '15 minutes' } };
/** The registration form checks as the member types (debounced): generous, yet no bulk probing of names. */
const checkUsernameLimit = { rateLimit: { max: 60, timeWindow: '1 minute' } };

/** Registration (members-area §2, §7): name check, signup, the e-mailed code and its resend. */
export const signupRoutes: FastifyPluginAsync = async (app) => {
  serve(app, authRoutes.checkUsername, ({ query }) => checkUsername(app.db, query.username), {
    config: checkUsernameLimit,
  });

  serve(
    app,
    authRoutes.signup,
    async ({ body, request }) => {
      await signUp(app, body, request.headers['accept-language']);
      return { username: body.username, message: 'signup_success' as const };
    },
    { config: signupLimit },
  );

  serve(
    app,
    authRoutes.confirmCode,
    async ({ body }) => {
      await confirmCode(app, body.username, body.code);
      return { message: 'account_verified' };
    },
    { config: codeLimit },
  );

  serve(
    app,
    authRoutes.resendCode,
    async ({ body }) => {
      await resendCode(app, body.username);
      return { message: 'code_sent' };
    },
    { config: codeLimit },
  );
};
