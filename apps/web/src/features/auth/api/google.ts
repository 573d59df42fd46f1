import type { AuthProvidersResponse, LoginResponse } from '@papo/contract/auth';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';

/** `GET /api/auth/providers`: which third-party sign-ins the server accepts. */
export function useAuthProviders() {
  return useQuery({
    queryKey: ['auth-providers'],
    queryFn: ({ signal }) => apiFetch<AuthProvidersResponse>('/api/auth/providers', { auth: false, signal }),
    staleTime: Infinity,
    retry: false,
  });
}

/** `POST /api/google_login`: a Google ID token → the login answer (the server also sets the refresh cookie). */
export function googleLogin(credential: string): Promise<LoginResponse> {
  return apiFetch<LoginResponse>('/api/google_login', { json: { credential }, auth: false });
}
