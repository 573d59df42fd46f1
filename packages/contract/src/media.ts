import { z } from 'zod';
import { apiRoute } from './api-route.js';

/** A YouTube video id: 11 characters of `[A-Za-z0-9_-]`; checked before any outside call. */
export const videoIdPattern = /^[A-Za-z0-9_-]{11}$/;

/** Query of `GET /api/youtube/video-details`. */
export const videoDetailsQuery = z.object({
  videoId: z.string({ error: 'invalid_video_id' }).regex(videoIdPattern, 'invalid_video_id'),
});

/** Query of `GET /api/youtube/search`: an optional page token as YouTube writes them. */
export const videoSearchQuery = z.object({
  pageToken: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,128}$/, 'invalid_page_token')
    .optional(),
});

/** Video summary (spec §3): a thumbnail's own size tells vertical videos (height > width) apart. */
const videoSummaryAnswer = z.object({
  id: z.string(),
  title: z.string(),
  thumbnail: z.string(),
  thumbnailWidth: z.number(),
  thumbnailHeight: z.number(),
});
export type VideoSummary = z.infer<typeof videoSummaryAnswer>;

const playlistAnswer = z.object({ id: z.string(), title: z.string(), videos: z.array(videoSummaryAnswer) });
export type Playlist = z.infer<typeof playlistAnswer>;

/** Answer of `GET /api/youtube/channel-content`. */
const channelContentAnswer = z.object({
  playlists: z.array(playlistAnswer),
  recentVideos: z.array(videoSummaryAnswer),
});
export type ChannelContent = z.infer<typeof channelContentAnswer>;

/** Answer of `GET /api/youtube/video-details`; `duration` in seconds, `publishedAt` ISO 8601. */
const videoDetailsAnswer = z.object({
  title: z.string(),
  description: z.string(),
  thumbnail: z.string(),
  tags: z.array(z.string()),
  statistics: z.object({ viewCount: z.number() }),
  duration: z.number(),
  publishedAt: z.string(),
});
export type VideoDetails = z.infer<typeof videoDetailsAnswer>;

/** One result of `GET /api/youtube/search`, in YouTube's own search shape (spec §3 Video item). */
const videoItemAnswer = z.object({
  id: z.object({ videoId: z.string() }),
  snippet: z.object({
    title: z.string(),
    description: z.string(),
    thumbnails: z.object({ high: z.object({ url: z.string() }) }),
  }),
});
export type VideoItem = z.infer<typeof videoItemAnswer>;

const videoSearchPageAnswer = z.object({
  items: z.array(videoItemAnswer),
  /** Absent on the last page. */
  nextPageToken: z.string().optional(),
});
export type VideoSearchPage = z.infer<typeof videoSearchPageAnswer>;

/** One coin of `GET /api/cryptos`, in CoinGecko's field names. */
const cryptoAnswer = z.object({
  id: z.string(),
  symbol: z.string(),
  name: z.string(),
  image: z.string(),
  current_price: z.number(),
  market_cap: z.number(),
  market_cap_rank: z.number().nullable(),
  price_change_percentage_24h: z.number().nullable(),
  /** Always false: Papo recommends no purchase (spec: "effectively never true"). */
  recommend_buy: z.literal(false),
});
export type Crypto = z.infer<typeof cryptoAnswer>;

/** One track of the music player (spec §3 Track). */
export interface Track {
  src: string;
  title: string;
  artist: string;
  cover: string;
}
const trackAnswer = z.object({
  src: z.string(),
  title: z.string(),
  artist: z.string(),
  cover: z.string(),
}) satisfies z.ZodType<Track>;

/** Answer of `GET /api/course-landing`: where the landing page's button sends buyers, and its video. */
const courseLandingAnswer = z.object({
  /** An outside checkout's absolute URL, or a path on this site (`/contato`) when none is configured. */
  checkoutUrl: z.string(),
  videoId: z.string(),
});
export type CourseLanding = z.infer<typeof courseLandingAnswer>;

/** The spec's video and crypto calls (§7) and the course landing page's: public reads. */
export const mediaRoutes = {
  channelContent: apiRoute({
    method: 'GET',
    path: '/api/youtube/channel-content',
    answer: channelContentAnswer,
    auth: 'public',
  }),
  videoDetails: apiRoute({
    method: 'GET',
    path: '/api/youtube/video-details',
    query: videoDetailsQuery,
    answer: videoDetailsAnswer,
    auth: 'public',
  }),
  videoSearch: apiRoute({
    method: 'GET',
    path: '/api/youtube/search',
    query: videoSearchQuery,
    answer: videoSearchPageAnswer,
    auth: 'public',
  }),
  cryptos: apiRoute({ method: 'GET', path: '/api/cryptos', answer: z.array(cryptoAnswer), auth: 'public' }),
  courseLanding: apiRoute({ method: 'GET', path: '/api/course-landing', answer: courseLandingAnswer, auth: 'public' }),
};

/** The music player's tracks (`GET /api/music/tracks`); each track's file is served at its `src`, with ranges. */
export const musicRoutes = {
  tracks: apiRoute({ method: 'GET', path: '/api/music/tracks', answer: z.array(trackAnswer), auth: 'public' }),
};
