import type { FastifyPluginAsync } from 'fastify';
import { googleRoutes } from './google-routes.js';
import { passwordRoutes } from './password-routes.js';
import { sessionRoutes } from './session-routes.js';
import { signupRoutes } from './signup-routes.js';

/** Every account call. Needs app.mailer (mailerPlugin) and the rate-limit plugin registered first. */
export const authRoutes: FastifyPluginAsync = async (app) => {
  if (!app.hasDecorator('mailer')) throw new Error('authRoutes needs app.mailer: register mailerPlugin first');
  await app.register(signupRoutes);
  await app.register(sessionRoutes);
  await app.register(googleRoutes);
  await app.register(passwordRoutes);
};
