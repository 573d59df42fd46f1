import { musicRoutes } from '@papo/contract/browser-routes/media';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** `GET /api/music/tracks`: the player's tracks. */
export function useTracks() {
  return useQuery({
    queryKey: ['music', 'tracks'],
    queryFn: ({ signal }) => api(musicRoutes.tracks, { signal }),
    staleTime: Infinity,
  });
}
