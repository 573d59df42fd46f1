import { chatRoutes } from '@papo/contract/browser-routes/chat';
import type { FavoriteChannelsAnswer } from '@papo/contract/chat';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api';

/** Where the favourites live in the query cache; the star and the sidebar share it. */
export const favoriteChannelsKey = ['me', 'favorite-channels'] as const;

/** The names of a favourites answer without the leading '#', in the server's order. */
export function favoriteNames(answer: FavoriteChannelsAnswer | undefined): string[] {
  const names = Array.isArray(answer?.favorite_channels) ? answer.favorite_channels : [];
  return names.filter((name): name is string => typeof name === 'string').map((name) => name.replace(/^#/, ''));
}

/** `GET /api/favorite-channels`. */
async function getFavoriteChannels(signal?: AbortSignal): Promise<string[]> {
  return favoriteNames(await api(chatRoutes.favoriteChannels, { signal }));
}

/**
 * The signed-in member's favourite channels; idle for visitors. Keyed under 'me' so logout can drop it. `everyMount`
 * asks the server again each time the caller mounts (a channel opened), once: a request under way is shared.
 */
export function useFavoriteChannels(signedIn: boolean, opts: { everyMount?: boolean } = {}) {
  return useQuery({
    queryKey: favoriteChannelsKey,
    queryFn: ({ signal }) => getFavoriteChannels(signal),
    enabled: signedIn,
    ...(opts.everyMount ? { refetchOnMount: 'always' as const } : {}),
    staleTime: 60_000,
    retry: 1,
  });
}
