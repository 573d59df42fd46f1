import type { MessageResponse } from '@papo/contract/auth';
import { authRoutes } from '@papo/contract/browser-routes/auth';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** `POST /api/auth/logout`: revokes the refresh token's family (the cookie one too) on the server. */
export function logoutOnServer(refreshToken: string | null): Promise<MessageResponse> {
  return api(authRoutes.logout, { body: refreshToken ? { refresh_token: refreshToken } : {} });
}

/** Checks the stored session once per sign-in (`GET /api/me`, 401 when it no longer holds); keyed under 'me' so logout drops it. */
export function useMe(username: string | null, enabled: boolean) {
  return useQuery({
    queryKey: ['me', 'account', username],
    queryFn: ({ signal }) => api(authRoutes.me, { signal }),
    enabled,
    staleTime: Infinity,
    retry: false,
  });
}
