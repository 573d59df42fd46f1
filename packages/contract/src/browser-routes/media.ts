// Written by `npm run routes:browser` from the contract's route table; do not edit (decision 051).
// The browser's form of media.ts's routes: only their types come from it, so no zod at run time.
import type { BrowserRoutes } from '../api-route.js';
import type * as definitions from '../media.js';

export const mediaRoutes: BrowserRoutes<typeof definitions.mediaRoutes> = {
  channelContent: { method: 'GET', path: '/api/youtube/channel-content', auth: 'public' },
  videoDetails: { method: 'GET', path: '/api/youtube/video-details', auth: 'public', query: ['videoId'] },
  videoSearch: { method: 'GET', path: '/api/youtube/search', auth: 'public', query: ['pageToken'] },
  cryptos: { method: 'GET', path: '/api/cryptos', auth: 'public' },
  courseLanding: { method: 'GET', path: '/api/course-landing', auth: 'public' },
};

export const musicRoutes: BrowserRoutes<typeof definitions.musicRoutes> = {
  tracks: { method: 'GET', path: '/api/music/tracks', auth: 'public' },
};
