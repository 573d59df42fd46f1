import type { Track } from '@papo/contract/media';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';

/** `GET /api/music/tracks`: the player's tracks. */
export function useTracks() {
  return useQuery({
    queryKey: ['music', 'tracks'],
    queryFn: ({ signal }) => apiFetch<Track[]>('/api/music/tracks', { signal, auth: false }),
    staleTime: Infinity,
  });
}
