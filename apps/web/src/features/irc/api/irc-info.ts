import { ircRoutes } from '@papo/contract/browser-routes/irc';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** `GET /api/irc`: whether the site speaks IRC and where; fixed while the server runs. */
export function useIrcInfo() {
  return useQuery({
    queryKey: ['irc-info'],
    queryFn: ({ signal }) => api(ircRoutes.info, { signal }),
    staleTime: Infinity,
  });
}
