import {
  checkUsernameQuery,
  confirmCodeBody,
  resendCodeBody,
  signupBody,
  type CheckUsernameResponse,
  type MessageResponse,
  type SignupResponse,
} from '@papo/contract/auth';
import type { FastifyPluginAsync } from 'fastify';
import { parseBody, parseQuery } from '../../lib/http-error.js';
import { confirmCode, resendCode } from './codes.js';
import { signUp } from './signup.js';
import { checkUsername } from './usernames.js';

const signupLimit = { rateLimit: { max: 10, timeWindow: '1 hour' } };
const codeLimit = { rateLimit: { max: 20, timeWindow: '15 minutes' } };
/** The registration form checks as the member types (debounced): generous, yet no bulk probing of names. */
const checkUsernameLimit = { rateLimit: { max: 60, timeWindow: '1 minute' } };

/** Registration (members-area §2, §7): name check, signup, the e-mailed code and its resend. */
export const signupRoutes: FastifyPluginAsync = async (app) => {
  app.get('/api/check-username', { config: checkUsernameLimit }, async (request): Promise<CheckUsernameResponse> => {
    const { username } = parseQuery(checkUsernameQuery, request.query);
    return checkUsername(app.db, username);
  });

  app.post('/api/signup', { config: signupLimit }, async (request, reply): Promise<SignupResponse> => {
    const body = parseBody(signupBody, request.body);
    await signUp(app, body, request.headers['accept-language']);
    reply.status(201);
    return { username: body.username, message: 'signup_success' };
  });

  app.post('/api/confirmCode', { config: codeLimit }, async (request): Promise<MessageResponse> => {
    const { username, code } = parseBody(confirmCodeBody, request.body);
    await confirmCode(app, username, code);
    return { message: 'account_verified' };
  });

  app.post('/api/resend-code', { config: codeLimit }, async (request): Promise<MessageResponse> => {
    const { username } = parseBody(resendCodeBody, request.body);
    await resendCode(app, username);
    return { message: 'code_sent' };
  });
};
