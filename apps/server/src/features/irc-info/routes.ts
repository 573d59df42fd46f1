import type { FastifyPluginAsync } from 'fastify';
import { ircInfo } from './info.js';

/** `GET /api/irc`: whether this site speaks IRC, and where (the `/irc` page's data); fixed for the process's life. */
export const ircInfoRoutes: FastifyPluginAsync = async (app) => {
  const info = ircInfo(app.config);
  app.get('/api/irc', async () => info);
};
