import {
  loginBody,
  logoutBody,
  refreshBody,
  type LoginResponse,
  type MeResponse,
  type MessageResponse,
} from '@papo/contract/auth';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { httpError, parseBody } from '../../lib/http-error.js';
import { currentUser, requireUser } from '../../lib/guard.js';
import { checkCredentials } from './login.js';
import { noticeSignInDevice } from './new-device.js';
import { findAccountById } from './repo.js';
import {
  clearRefreshCookie,
  endSession,
  refreshCookie,
  rotateSession,
  setRefreshCookie,
  startSession,
} from './sessions.js';

function cookieToken(request: FastifyRequest): string | undefined {
  return request.cookies[refreshCookie] || undefined;
}

/** Sign-in with a password, token refresh and logout (DESIGN §5), and the signed-in account. */
export const sessionRoutes: FastifyPluginAsync = async (app) => {
  // NOTE: no route limit: checkCredentials counts every attempt, the web's and IRC's, by address and by account.
  app.post('/api/login_check', async (request, reply): Promise<LoginResponse> => {
    const { username, password } = parseBody(loginBody, request.body);
    const user = await checkCredentials(app, username, password, request.ip);
    await noticeSignInDevice(app, request, reply, user.id);
    // NOTE: no refresh cookie here: the spec's client keeps the refresh token of a password sign-in itself (§9).
    return startSession(app, user, { userAgent: request.headers['user-agent'] });
  });

  app.post('/api/auth/refresh', async (request, reply): Promise<LoginResponse> => {
    const body = parseBody(refreshBody, request.body ?? {});
    const fromCookie = cookieToken(request);
    const presented = body.refresh_token ?? fromCookie;
    if (!presented) throw httpError(401, 'invalid_refresh_token');
    try {
      const session = await rotateSession(app, presented);
      // NOTE: a browser holding the cookie gets the new token there too, so the cookie never holds a spent token.
      if (fromCookie) setRefreshCookie(app, reply, session.refresh_token);
      return session;
    } catch (error) {
      if (fromCookie && !body.refresh_token) clearRefreshCookie(app, reply);
      throw error;
    }
  });

  app.post('/api/auth/logout', async (request, reply): Promise<MessageResponse> => {
    const body = parseBody(logoutBody, request.body ?? {});
    const fromCookie = cookieToken(request);
    for (const token of new Set([body.refresh_token, fromCookie])) if (token) await endSession(app, token);
    clearRefreshCookie(app, reply);
    return { message: 'logged_out' };
  });

  app.get('/api/me', { preHandler: requireUser }, async (request): Promise<MeResponse> => {
    const account = await findAccountById(app.db, currentUser(request).userId);
    // NOTE: a valid token for a deleted account: the client drops the session, as for any bad token.
    if (!account) throw httpError(401, 'Invalid JWT Token');
    const { id, username, name, email, roles, language } = account;
    return { id, username, name, email, roles, language };
  });
};
