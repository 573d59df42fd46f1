import type { ChannelContent, CourseLanding, Crypto, VideoDetails, VideoSearchPage } from '@papo/contract/media';
import { videoDetailsQuery, videoSearchQuery } from '@papo/contract/media';
import type { FastifyPluginAsync } from 'fastify';
import { httpError, parseQuery } from '../../lib/http-error.js';

/** The landing page's promotional video: a Creative Commons open movie (Spring, Blender Foundation). */
const courseLandingVideoId = 'WhWc3b3KhnY';

/** The spec's video and crypto calls (§7), answered by the providers (cache, then local default). */
export const mediaRoutes: FastifyPluginAsync = async (app) => {
  const { youtube, cryptos } = app.providers;

  app.get('/api/youtube/channel-content', (): Promise<ChannelContent> => youtube.channelContent());

  app.get('/api/youtube/video-details', async (request): Promise<VideoDetails> => {
    const { videoId } = parseQuery(videoDetailsQuery, request.query);
    const details = await youtube.videoDetails(videoId);
    if (!details) throw httpError(404, 'video_not_found');
    return details;
  });

  app.get('/api/youtube/search', async (request): Promise<VideoSearchPage> => {
    const { pageToken } = parseQuery(videoSearchQuery, request.query);
    return youtube.search(pageToken);
  });

  app.get('/api/cryptos', (): Promise<Crypto[]> => cryptos.markets());

  // NOTE: without a configured checkout, interested visitors reach the creator through the contact page, by a
  // relative path: it works at whatever address the site is reached.
  const landing: CourseLanding = {
    checkoutUrl: app.config.COURSE_CHECKOUT_URL ?? '/contato',
    videoId: courseLandingVideoId,
  };
  app.get('/api/course-landing', async (): Promise<CourseLanding> => landing);
};
