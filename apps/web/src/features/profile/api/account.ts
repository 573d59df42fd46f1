import type { AccountSessions, ChangePasswordBody, PasswordChanged } from '@papo/contract/account';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { storeRefreshedTokens } from '../../../lib/session';

const sessionsKey = ['account-sessions'] as const;

/** `GET /api/account/sessions`: the member's signed-in browsers and IRC links, this one first. */
export function useAccountSessions() {
  return useQuery({
    queryKey: sessionsKey,
    queryFn: ({ signal }) => apiFetch<AccountSessions>('/api/account/sessions', { signal }),
  });
}

/**
 * `PUT /api/account/password`: the other devices are signed out; this one carries on with the fresh token the server
 * answers (its old one ended with the others').
 */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangePasswordBody) => apiFetch<PasswordChanged>('/api/account/password', { method: 'PUT', json: body }),
    onSuccess: ({ token }) => {
      storeRefreshedTokens({ token });
      void queryClient.invalidateQueries({ queryKey: sessionsKey });
    },
  });
}

/** "Sair" on one device (`id`), or on every device but this one (no `id`). */
export function useEndSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string | null) => apiFetch<undefined>(id ? `/api/account/sessions/${encodeURIComponent(id)}` : '/api/account/sessions', { method: 'DELETE' }),
    onSuccess: (_answer, id) => {
      queryClient.setQueryData<AccountSessions>(sessionsKey, (known) =>
        known && { sessions: known.sessions.filter((session) => (id ? session.id !== id : session.current)) },
      );
    },
  });
}
