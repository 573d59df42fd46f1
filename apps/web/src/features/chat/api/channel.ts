import type { ChannelSummary } from '@papo/contract/channels';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';

/** `GET /api/channels/{name}`: a channel's name and topic, for a visitor's page of it; 404 when there is no such channel. */
export function useChannelSummary(name: string) {
  return useQuery({
    queryKey: ['channels', 'one', name],
    queryFn: ({ signal }) =>
      apiFetch<ChannelSummary>(`/api/channels/${encodeURIComponent(name)}`, { auth: false, signal }),
    retry: false,
    staleTime: 60_000,
  });
}
