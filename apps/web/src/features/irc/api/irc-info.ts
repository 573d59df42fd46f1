import type { IrcInfo } from '@papo/contract/irc';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';

/** `GET /api/irc`: whether the site speaks IRC and where; fixed while the server runs. */
export function useIrcInfo() {
  return useQuery({
    queryKey: ['irc-info'],
    queryFn: ({ signal }) => apiFetch<IrcInfo>('/api/irc', { signal, auth: false }),
    staleTime: Infinity,
  });
}
