import type { MeResponse, MessageResponse } from '@papo/contract/auth';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';

/** `POST /api/auth/logout`: revokes the refresh token's family (the cookie one too) on the server. */
export function logoutOnServer(refreshToken: string | null): Promise<MessageResponse> {
  return apiFetch<MessageResponse>('/api/auth/logout', {
    json: refreshToken ? { refresh_token: refreshToken } : {},
    auth: false,
  });
}

/** `GET /api/me`: the signed-in account; answers 401 when the stored session no longer holds. */
function getMe(signal?: AbortSignal): Promise<MeResponse> {
  return apiFetch<MeResponse>('/api/me', { signal });
}

/** Checks the stored session once per sign-in; keyed under 'me' so logout drops it. */
export function useMe(username: string | null, enabled: boolean) {
  return useQuery({
    queryKey: ['me', 'account', username],
    queryFn: ({ signal }) => getMe(signal),
    enabled,
    staleTime: Infinity,
    retry: false,
  });
}
