import { googleLoginBody, type AuthProvidersResponse, type LoginResponse } from '@papo/contract/auth';
import type { FastifyPluginAsync } from 'fastify';
import { httpError, parseBody } from '../../lib/http-error.js';
import { createGoogleVerifier, signInWithGoogle } from './google.js';
import { noticeSignInDevice } from './new-device.js';
import { setRefreshCookie, startSession } from './sessions.js';

const googleLimit = { rateLimit: { max: 20, timeWindow: '15 minutes' } };

/** Google sign-in (members-area §7) and the list of sign-in providers the web shows. */
export const googleRoutes: FastifyPluginAsync = async (app) => {
  const clientId = app.config.GOOGLE_CLIENT_ID;
  const google = clientId ? createGoogleVerifier(clientId, app.config.GOOGLE_CERTS_URL) : undefined;

  app.get('/api/auth/providers', async (): Promise<AuthProvidersResponse> => ({
    google: google ? { clientId: google.clientId } : null,
  }));

  app.post('/api/google_login', { config: googleLimit }, async (request, reply): Promise<LoginResponse> => {
    // NOTE: the route exists either way so the answer is the API's JSON 404, not the SPA.
    if (!google) throw httpError(404, 'not_found');
    const { credential } = parseBody(googleLoginBody, request.body);
    const user = await signInWithGoogle(app, await google.verify(credential));
    await noticeSignInDevice(app, request, reply, user.id);
    const session = await startSession(app, user, { userAgent: request.headers['user-agent'] });
    setRefreshCookie(app, reply, session.refresh_token);
    return session;
  });
};
