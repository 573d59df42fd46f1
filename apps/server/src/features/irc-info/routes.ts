import { ircRoutes } from '@papo/contract/irc';
import type { FastifyPluginAsync } from 'fastify';
import { serve } from '../../lib/api-route.js';
import { ircInfo } from './info.js';

/** `GET /api/irc`: whether this site speaks IRC, and where (the `/irc` page's data); fixed for the process's life. */
export const ircInfoRoutes: FastifyPluginAsync = async (app) => {
  const info = ircInfo(app.config);
  serve(app, ircRoutes.info, () => info);
};
