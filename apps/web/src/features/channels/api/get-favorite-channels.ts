import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';

interface FavoriteChannelsAnswer {
  favorite_channels: string[];
}

/** Channel names without the leading '#', in the server's order. */
export async function getFavoriteChannels(signal?: AbortSignal): Promise<string[]> {
  const answer = await apiFetch<FavoriteChannelsAnswer>('/api/favorite-channels', { signal });
  const names = Array.isArray(answer?.favorite_channels) ? answer.favorite_channels : [];
  return names.filter((name): name is string => typeof name === 'string').map((name) => name.replace(/^#/, ''));
}

/** The signed-in member's favourite channels; idle for visitors. Keyed under 'me' so logout can drop it. */
export function useFavoriteChannels(signedIn: boolean) {
  return useQuery({
    queryKey: ['me', 'favorite-channels'],
    queryFn: ({ signal }) => getFavoriteChannels(signal),
    enabled: signedIn,
    staleTime: 60_000,
    retry: 1,
  });
}
