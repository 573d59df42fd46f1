import { channelRoutes } from '@papo/contract/browser-routes/channels';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** `GET /api/channels/{name}`: a channel's name and topic, for a visitor's page of it; 404 when there is no such channel. */
export function useChannelSummary(name: string) {
  return useQuery({
    queryKey: ['channels', 'one', name],
    queryFn: ({ signal }) => api(channelRoutes.one, { params: { name }, signal }),
    retry: false,
    staleTime: 60_000,
  });
}
