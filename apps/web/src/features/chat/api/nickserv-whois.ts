import { chatRoutes } from '@papo/contract/browser-routes/chat';
import type { WhoisAnswer } from '@papo/contract/chat';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** `GET /api/nickserv-whois?username=` (a nickname or a username); 404 `user_not_found` for nobody. */
function getWhois(nickname: string, signal?: AbortSignal): Promise<WhoisAnswer> {
  return api(chatRoutes.whois, { query: { username: nickname }, signal });
}

export function useWhois(nickname: string) {
  return useQuery({
    queryKey: ['me', 'chat', 'whois', nickname.toLowerCase()],
    queryFn: ({ signal }) => getWhois(nickname, signal),
    retry: false,
    staleTime: 30_000,
  });
}
