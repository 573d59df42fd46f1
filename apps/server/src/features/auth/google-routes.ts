import { authRoutes } from '@papo/contract/auth';
import type { FastifyPluginAsync } from 'fastify';
import { serve } from '../../lib/api-route.js';
import { httpError } from '../../lib/http-error.js';
import { createGoogleVerifier, signInWithGoogle } from './google.js';
import { noticeSignInDevice } from './new-device.js';
import { setRefreshCookie, startSession } from './sessions.js';

const googleLimit = { rateLimit: { max: 20, timeWindow: '15 minutes' } };

/** Google sign-in (members-area §7) and the list of sign-in providers the web shows. */
export const googleRoutes: FastifyPluginAsync = async (app) => {
  const clientId = app.config.GOOGLE_CLIENT_ID;
  const google = clientId ? createGoogleVerifier(clientId, app.config.GOOGLE_CERTS_URL) : undefined;

  serve(app, authRoutes.providers, () => ({ google: google ? { clientId: google.clientId } : null }));

  // the route exists either way so the answer is the API's JSON 404, not the SPA.
  const verifier = () => {
    if (!google) throw httpError(404, 'not_found');
    return google;
  };
  serve(
    app,
    authRoutes.googleLogin,
    async ({ body, request, reply }) => {
      const user = await signInWithGoogle(app, await verifier().verify(body.credential));
      await noticeSignInDevice(app, request, reply, user.id);
      const session = await startSession(app, user, { userAgent: request.headers['user-agent'] });
      setRefreshCookie(app, reply, session.refresh_token);
      return session;
    },
    // without Google the 404 comes before the body is read, whatever it holds.
    {
      config: googleLimit,
      preHandler: async () => {
        verifier();
      },
    },
  );
};
