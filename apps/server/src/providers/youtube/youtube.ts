import type { ChannelContent, Playlist, VideoDetails, VideoSearchPage, VideoSummary } from '@papo/contract/media';
import type { z } from 'zod';
import type { ProviderCache } from '../cache.js';
import { getJson } from '../http-json.js';
import {
  channelsAnswer,
  playlistItemsAnswer,
  playlistsAnswer,
  searchAnswer,
  videosAnswer,
  type Thumbnails,
} from './api-schemas.js';
import { isoDurationSeconds } from './duration.js';
import { localChannelContent, localSearchPage, localVideoDetails } from './local-videos.js';

const youtubeDefaultBaseUrl = 'https://www.googleapis.com/youtube/v3';

const hour = 60 * 60 * 1000;
const maxPlaylists = 10;
const maxPlaylistVideos = 25;
const recentCount = 12;
const searchPageSize = 12;

export interface YoutubeProvider {
  channelContent(): Promise<ChannelContent>;
  /** Null when the video does not exist (or is not in the local set when no key is configured). */
  videoDetails(videoId: string): Promise<VideoDetails | null>;
  search(pageToken: string | undefined): Promise<VideoSearchPage>;
}

export interface YoutubeOptions {
  cache: ProviderCache;
  apiKey?: string;
  channelId?: string;
  baseUrl?: string;
}

/** The largest thumbnail the API gave, with its size (16:9 when the API leaves the size out). */
function bestThumbnail(thumbnails: Thumbnails): { url: string; width: number; height: number } | undefined {
  const best = thumbnails.maxres ?? thumbnails.standard ?? thumbnails.high ?? thumbnails.medium ?? thumbnails.default;
  return best && { url: best.url, width: best.width ?? 480, height: best.height ?? 270 };
}

/**
 * YouTube Data API v3 behind the shared provider cache (videos are fresh for an hour). Without a key
 * (or, for channel lists, without a channel id) it serves the curated local set.
 */
export function createYoutubeProvider(opts: YoutubeOptions): YoutubeProvider {
  const base = (opts.baseUrl ?? youtubeDefaultBaseUrl).replace(/\/$/, '');
  const { apiKey, channelId, cache } = opts;

  function call<S extends z.ZodType>(
    key: string,
    resource: string,
    params: Record<string, string>,
    schema: S,
    signal: AbortSignal,
  ) {
    const url = new URL(`${base}/${resource}`);
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    url.searchParams.set('key', key);
    return getJson(url, schema, { signal });
  }

  async function playlistVideos(
    key: string,
    playlistId: string,
    limit: number,
    signal: AbortSignal,
  ): Promise<VideoSummary[]> {
    const answer = await call(
      key,
      'playlistItems',
      { part: 'snippet', playlistId, maxResults: String(limit) },
      playlistItemsAnswer,
      signal,
    );
    return answer.items.flatMap(({ snippet }) => {
      const thumb = bestThumbnail(snippet.thumbnails);
      const id = snippet.resourceId.videoId;
      // private and deleted videos stay in playlists without thumbnails; they cannot be played.
      if (!thumb || !id) return [];
      return [
        { id, title: snippet.title, thumbnail: thumb.url, thumbnailWidth: thumb.width, thumbnailHeight: thumb.height },
      ];
    });
  }

  async function fetchChannelContent(key: string, channel: string, signal: AbortSignal): Promise<ChannelContent> {
    const [channels, playlists] = await Promise.all([
      call(key, 'channels', { part: 'contentDetails', id: channel }, channelsAnswer, signal),
      call(
        key,
        'playlists',
        { part: 'snippet', channelId: channel, maxResults: String(maxPlaylists) },
        playlistsAnswer,
        signal,
      ),
    ]);
    const uploads = channels.items[0]?.contentDetails.relatedPlaylists.uploads;
    const [recentVideos, ...lists] = await Promise.all([
      uploads ? playlistVideos(key, uploads, recentCount, signal) : Promise.resolve([]),
      ...playlists.items.map(async (p): Promise<Playlist> => ({
        id: p.id,
        title: p.snippet.title,
        videos: await playlistVideos(key, p.id, maxPlaylistVideos, signal),
      })),
    ]);
    return { playlists: lists.filter((p) => p.videos.length > 0), recentVideos };
  }

  async function fetchVideoDetails(key: string, videoId: string, signal: AbortSignal): Promise<VideoDetails | null> {
    const answer = await call(
      key,
      'videos',
      { part: 'snippet,contentDetails,statistics', id: videoId },
      videosAnswer,
      signal,
    );
    const video = answer.items[0];
    if (!video) return null;
    return {
      title: video.snippet.title,
      description: video.snippet.description,
      thumbnail: bestThumbnail(video.snippet.thumbnails)?.url ?? '',
      tags: video.snippet.tags,
      statistics: { viewCount: Number(video.statistics.viewCount ?? 0) || 0 },
      duration: isoDurationSeconds(video.contentDetails.duration),
      publishedAt: video.snippet.publishedAt,
    };
  }

  async function fetchSearch(
    key: string,
    channel: string,
    pageToken: string | undefined,
    signal: AbortSignal,
  ): Promise<VideoSearchPage> {
    const params: Record<string, string> = {
      part: 'snippet',
      channelId: channel,
      type: 'video',
      order: 'date',
      maxResults: String(searchPageSize),
    };
    if (pageToken) params.pageToken = pageToken;
    const answer = await call(key, 'search', params, searchAnswer, signal);
    const items = answer.items.flatMap(({ id, snippet }) => {
      const thumb = snippet.thumbnails.high ?? bestThumbnail(snippet.thumbnails);
      if (!id.videoId || !thumb) return [];
      return [
        {
          id: { videoId: id.videoId },
          snippet: { title: snippet.title, description: snippet.description, thumbnails: { high: { url: thumb.url } } },
        },
      ];
    });
    return answer.nextPageToken ? { items, nextPageToken: answer.nextPageToken } : { items };
  }

  return {
    channelContent() {
      if (!apiKey || !channelId) return Promise.resolve(localChannelContent());
      return cache.read({
        key: `youtube:channel-content:${channelId}`,
        freshForMs: hour,
        fetch: (signal) => fetchChannelContent(apiKey, channelId, signal),
        fallback: localChannelContent,
      });
    },
    videoDetails(videoId) {
      if (!apiKey) return Promise.resolve(localVideoDetails(videoId));
      return cache.read({
        key: `youtube:video:${videoId}`,
        freshForMs: hour,
        fetch: (signal) => fetchVideoDetails(apiKey, videoId, signal),
        fallback: () => localVideoDetails(videoId),
      });
    },
    search(pageToken) {
      if (!apiKey || !channelId) return Promise.resolve(localSearchPage(pageToken));
      return cache.read({
        key: `youtube:search:${channelId}:${pageToken ?? ''}`,
        freshForMs: hour,
        fetch: (signal) => fetchSearch(apiKey, channelId, pageToken, signal),
        fallback: () => localSearchPage(pageToken),
      });
    },
  };
}
