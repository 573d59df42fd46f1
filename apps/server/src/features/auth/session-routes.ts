import { authRoutes } from '@papo/contract/auth';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { serve } from '../../lib/api-route.js';
import { httpError } from '../../lib/http-error.js';
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

/** Sign-in with a password, token refresh and logout (decision 005), and the signed-in account. */
export const sessionRoutes: FastifyPluginAsync = async (app) => {
  // no route limit: checkCredentials counts every attempt, the web's and IRC's, by address and by account.
  serve(app, authRoutes.login, async ({ body, request, reply }) => {
    const user = await checkCredentials(app, body.username, body.password, request.ip);
    await noticeSignInDevice(app, request, reply, user.id);
    // no refresh cookie here: the spec's client keeps the refresh token of a password sign-in itself (§9).
    return startSession(app, user, { userAgent: request.headers['user-agent'] });
  });

  serve(app, authRoutes.refresh, async ({ body, request, reply }) => {
    const fromCookie = cookieToken(request);
    const presented = body.refresh_token ?? fromCookie;
    if (!presented) throw httpError(401, 'invalid_refresh_token');
    try {
      const session = await rotateSession(app, presented);
      // a browser holding the cookie gets the new token there too, so the cookie never holds a spent token.
      if (fromCookie) setRefreshCookie(app, reply, session.refresh_token);
      return session;
    } catch (error) {
      if (fromCookie && !body.refresh_token) clearRefreshCookie(app, reply);
      throw error;
    }
  });

  serve(app, authRoutes.logout, async ({ body, request, reply }) => {
    const fromCookie = cookieToken(request);
    for (const token of new Set([body.refresh_token, fromCookie])) if (token) await endSession(app, token);
    clearRefreshCookie(app, reply);
    return { message: 'logged_out' };
  });

  serve(app, authRoutes.me, async ({ user }) => {
    const account = await findAccountById(app.db, user.userId);
    // a valid token for a deleted account: the client drops the session, as for any bad token.
    if (!account) throw httpError(401, 'Invalid JWT Token');
    const { id, username, name, email, roles, language } = account;
    return { id, username, name, email, roles, language };
  });
};
