import { mediaRoutes } from '@papo/contract/browser-routes/media';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

// the server caches YouTube for an hour; a few minutes here spare repeat calls while browsing.
const staleTime = 5 * 60_000;

/** `GET /api/youtube/channel-content`: the playlists and the recent uploads. */
export function useChannelContent() {
  return useQuery({
    queryKey: ['youtube', 'channel-content'],
    queryFn: ({ signal }) => api(mediaRoutes.channelContent, { signal }),
    staleTime,
  });
}

/** `GET /api/youtube/video-details?videoId=`. */
export function useVideoDetails(videoId: string) {
  return useQuery({
    queryKey: ['youtube', 'video-details', videoId],
    queryFn: ({ signal }) => api(mediaRoutes.videoDetails, { query: { videoId }, signal }),
    staleTime,
    retry: (count, error) => count < 2 && !('status' in error && (error.status === 404 || error.status === 400)),
  });
}

/** `GET /api/youtube/search?pageToken=`, page after page until there is no next token. */
export function useVideoSearch() {
  return useInfiniteQuery({
    queryKey: ['youtube', 'search'],
    queryFn: ({ signal, pageParam }: { signal: AbortSignal; pageParam: string | undefined }) =>
      api(mediaRoutes.videoSearch, { query: { pageToken: pageParam }, signal }),
    initialPageParam: undefined,
    getNextPageParam: (last) => last.nextPageToken,
    staleTime,
  });
}
