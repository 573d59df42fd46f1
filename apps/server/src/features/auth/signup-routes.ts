import { authRoutes } from '@papo/contract/auth';
import type { FastifyPluginAsync } from 'fastify';
import { serve } from '../../lib/api-route.js';
import { signupTicketSeconds } from '../../lib/tokens.js';
import { confirmCode, resendCode } from './codes.js';
import { noticeSignInDevice } from './new-device.js';
import { startSession } from './sessions.js';
import { signUp } from './signup.js';
import { checkUsername } from './usernames.js';

const signupLimit = { rateLimit: { max: 10, timeWindow: '1 hour' } };
const codeLimit = { rateLimit: { max: 20, timeWindow: '15 minutes' } };
/** The registration form checks as the member types (debounced): generous, yet no bulk probing of names. */
const checkUsernameLimit = { rateLimit: { max: 60, timeWindow: '1 minute' } };

/** The browser that signed up: only it may be signed in by the code (read by `/api/confirmCode` alone). */
const signupCookie = 'signup_ticket';
const signupCookiePath = '/api/confirmCode';

/** Registration (members-area §2, §7): name check, signup, the e-mailed code and its resend. */
export const signupRoutes: FastifyPluginAsync = async (app) => {
  const cookieOptions = () => ({
    path: signupCookiePath,
    httpOnly: true,
    sameSite: 'strict' as const,
    secure: app.config.PUBLIC_URL.startsWith('https:'),
  });

  serve(app, authRoutes.checkUsername, ({ query }) => checkUsername(app.db, query.username), {
    config: checkUsernameLimit,
  });

  serve(
    app,
    authRoutes.signup,
    async ({ body, request, reply }) => {
      const userId = await signUp(app, body, request.headers['accept-language']);
      reply.setCookie(signupCookie, await app.tokens.signSignupTicket(userId), {
        ...cookieOptions(),
        maxAge: signupTicketSeconds,
      });
      return { username: body.username, message: 'signup_success' as const };
    },
    { config: signupLimit },
  );

  serve(
    app,
    authRoutes.confirmCode,
    async ({ body, request, reply }) => {
      const user = await confirmCode(app, body.username, body.code);
      const ticket = request.cookies[signupCookie];
      // the code proves the mailbox, not the password: only the browser that chose the password (its ticket
      // names this account) is signed in; any other device has a verified account and signs in as usual.
      if (!ticket || (await app.tokens.signupTicketUser(ticket)) !== user.id) return { message: 'account_verified' };
      reply.clearCookie(signupCookie, cookieOptions());
      await noticeSignInDevice(app, request, reply, user.id);
      const session = await startSession(app, user, { userAgent: request.headers['user-agent'] });
      return { message: 'account_verified', session };
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
