import type { LoginResponse } from '@papo/contract/auth';
import { authRoutes } from '@papo/contract/browser-routes/auth';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** `GET /api/auth/providers`: which third-party sign-ins the server accepts. */
export function useAuthProviders() {
  return useQuery({
    queryKey: ['auth-providers'],
    queryFn: ({ signal }) => api(authRoutes.providers, { signal }),
    staleTime: Infinity,
    retry: false,
  });
}

/** `POST /api/google_login`: a Google ID token → the login answer (the server also sets the refresh cookie). */
export function googleLogin(credential: string): Promise<LoginResponse> {
  return api(authRoutes.googleLogin, { body: { credential } });
}
