import { z } from 'zod';

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
export interface VideoSummary {
  id: string;
  title: string;
  thumbnail: string;
  thumbnailWidth: number;
  thumbnailHeight: number;
}

export interface Playlist {
  id: string;
  title: string;
  videos: VideoSummary[];
}

/** Answer of `GET /api/youtube/channel-content`. */
export interface ChannelContent {
  playlists: Playlist[];
  recentVideos: VideoSummary[];
}

/** Answer of `GET /api/youtube/video-details`; `duration` in seconds, `publishedAt` ISO 8601. */
export interface VideoDetails {
  title: string;
  description: string;
  thumbnail: string;
  tags: string[];
  statistics: { viewCount: number };
  duration: number;
  publishedAt: string;
}

/** One result of `GET /api/youtube/search`, in YouTube's own search shape (spec §3 Video item). */
export interface VideoItem {
  id: { videoId: string };
  snippet: { title: string; description: string; thumbnails: { high: { url: string } } };
}

export interface VideoSearchPage {
  items: VideoItem[];
  /** Absent on the last page. */
  nextPageToken?: string;
}

/** One coin of `GET /api/cryptos`, in CoinGecko's field names. */
export interface Crypto {
  id: string;
  symbol: string;
  name: string;
  image: string;
  current_price: number;
  market_cap: number;
  market_cap_rank: number | null;
  price_change_percentage_24h: number | null;
  /** Always false: Papo recommends no purchase (spec: "effectively never true"). */
  recommend_buy: false;
}

/** One track of the music player (spec §3 Track). */
export interface Track {
  src: string;
  title: string;
  artist: string;
  cover: string;
}

/** Answer of `GET /api/course-landing`: where the landing page's button sends buyers, and its video. */
export interface CourseLanding {
  /** An outside checkout's absolute URL, or a path on this site (`/contato`) when none is configured. */
  checkoutUrl: string;
  videoId: string;
}
