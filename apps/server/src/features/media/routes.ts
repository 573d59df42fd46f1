import { mediaRoutes as routes, type CourseLanding } from '@papo/contract/media';
import type { FastifyPluginAsync } from 'fastify';
import { serve } from '../../lib/api-route.js';
import { httpError } from '../../lib/http-error.js';

/** The landing page's promotional video: a Creative Commons open movie (Spring, Blender Foundation). */
const courseLandingVideoId = 'WhWc3b3KhnY';

/** The spec's video and crypto calls (§7), answered by the providers (cache, then local default). */
export const mediaRoutes: FastifyPluginAsync = async (app) => {
  const { youtube, cryptos } = app.providers;

  serve(app, routes.channelContent, () => youtube.channelContent());

  serve(app, routes.videoDetails, async ({ query }) => {
    const details = await youtube.videoDetails(query.videoId);
    if (!details) throw httpError(404, 'video_not_found');
    return details;
  });

  serve(app, routes.videoSearch, ({ query }) => youtube.search(query.pageToken));

  serve(app, routes.cryptos, () => cryptos.markets());

  // without a configured checkout, interested visitors reach the creator through the contact page, by a
  // relative path: it works at whatever address the site is reached.
  const landing: CourseLanding = {
    checkoutUrl: app.config.COURSE_CHECKOUT_URL ?? '/contato',
    videoId: courseLandingVideoId,
  };
  serve(app, routes.courseLanding, () => landing);
};
