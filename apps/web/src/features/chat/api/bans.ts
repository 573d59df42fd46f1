import { channelBanRoutes } from '@papo/contract/browser-routes/channel-bans';
import type { ChannelBanList } from '@papo/contract/channel-bans';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { unbanUser } from './unban';

/** Query key of a channel's bans; under 'me' so logout drops it. */
export function channelBansKey(channel: string) {
  return ['me', 'chat', 'bans', channel] as const;
}

/** `GET /api/channel-bans`: the bans in force in the channel (operators and up; 403 below). */
export function useChannelBans(channel: string) {
  return useQuery({
    queryKey: channelBansKey(channel),
    queryFn: ({ signal }) => api(channelBanRoutes.list, { query: { channel }, signal }),
    retry: 1,
  });
}

/** Drops a lifted ban from the kept list: what the server answered (or announced) needs no second read. */
export function forgetBan(client: QueryClient, channel: string, userId: number): void {
  client.setQueryData<ChannelBanList>(
    channelBansKey(channel),
    (list) => list && { ...list, bans: list.bans.filter((ban) => ban.userId !== userId) },
  );
}

/** Lifts one ban (`POST /api/unban`); a refusal reads the list again (it may have changed under the operator). */
export function useLiftBan(channel: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ban: { userId: number; nickname: string }) => unbanUser(channel, ban.nickname),
    onSuccess: (_answer, ban) => forgetBan(client, channel, ban.userId),
    onError: () => client.invalidateQueries({ queryKey: channelBansKey(channel) }),
  });
}
