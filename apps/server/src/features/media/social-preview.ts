import { videoIdPattern } from '@papo/contract/media';
import { sectionLabels } from '@papo/contract/page-sections';
import type { FastifyInstance } from 'fastify';
import { cardSize, type CardSource } from '../../lib/share-card.js';
import type { PreviewSource } from '../../lib/social-preview.js';
import type { SitemapSource } from '../site/index.js';

const videoPath = /^\/video\/([^/]+)\/?$/;

/** Social previews of `/video/{slug}` (the slug is the YouTube id), from the same provider as the page. */
export function videoPreviews(app: FastifyInstance): PreviewSource {
  return async (pathname) => {
    const match = videoPath.exec(pathname);
    if (!match) return null;
    const id = match[1] ?? '';
    if (!videoIdPattern.test(id)) return { found: false };
    const video = await app.providers.youtube.videoDetails(id);
    if (!video) return { found: false };
    return {
      found: true,
      preview: {
        title: video.title,
        description: video.description,
        path: `/video/${id}`,
        image: `/media/share/videos/${id}.png`,
        imageSize: cardSize,
        type: 'website',
        publishedAt: video.publishedAt,
      },
    };
  };
}

/** Every video the videos page shows (its playlists and the channel's recent uploads), for the sitemap. */
export function videoSitemap(app: FastifyInstance): SitemapSource {
  return async () => {
    const content = await app.providers.youtube.channelContent();
    const ids = new Set(
      [...content.recentVideos, ...content.playlists.flatMap((playlist) => playlist.videos)].map((video) => video.id),
    );
    return [...ids].filter((id) => videoIdPattern.test(id)).map((id) => ({ path: `/video/${id}`, modifiedAt: null }));
  };
}

/** The card of `/video/{id}`: the video's title. */
export function videoCards(app: FastifyInstance): CardSource {
  return async (id) => {
    if (!videoIdPattern.test(id)) return null;
    const video = await app.providers.youtube.videoDetails(id);
    return video ? { label: sectionLabels.videos, title: video.title, tinted: true } : null;
  };
}
