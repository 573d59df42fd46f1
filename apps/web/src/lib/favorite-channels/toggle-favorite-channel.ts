import { chatRoutes } from '@papo/contract/browser-routes/chat';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../api';
import { favoriteChannelsKey, favoriteNames as names } from './get-favorite-channels';

/** `POST /api/favorite-channels {channel}`: stars a channel; answers the whole list (names without '#'). */
async function addFavoriteChannel(channel: string): Promise<string[]> {
  return names(await api(chatRoutes.addFavoriteChannel, { body: { channel: `#${channel}` } }));
}

/** `DELETE /api/favorite-channels/{name}`: unstars a channel; answers the whole list. */
async function removeFavoriteChannel(channel: string): Promise<string[]> {
  return names(await api(chatRoutes.removeFavoriteChannel, { params: { name: channel } }));
}

/**
 * Stars or unstars a channel. The list changes at once (the sidebar and the channel tabs follow),
 * then takes the server's answer; a failure puts the old list back.
 */
export function useToggleFavoriteChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ channel, favorite }: { channel: string; favorite: boolean }) =>
      favorite ? addFavoriteChannel(channel) : removeFavoriteChannel(channel),
    onMutate: async ({ channel, favorite }) => {
      await queryClient.cancelQueries({ queryKey: favoriteChannelsKey });
      const previous = queryClient.getQueryData<string[]>(favoriteChannelsKey);
      const current = previous ?? [];
      const next = favorite
        ? [...current.filter((name) => name !== channel), channel]
        : current.filter((name) => name !== channel);
      queryClient.setQueryData(favoriteChannelsKey, next);
      return { previous };
    },
    onError: (_error, _input, context) => {
      if (context) queryClient.setQueryData(favoriteChannelsKey, context.previous);
    },
    onSuccess: (list) => queryClient.setQueryData(favoriteChannelsKey, list),
  });
}
