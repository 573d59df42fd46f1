import type {
  AccountExportPending,
  AccountSessions,
  ChangePasswordBody,
  DeleteAccountBody,
} from '@papo/contract/account';
import { accountRoutes } from '@papo/contract/browser-routes/account';
import { isRecord } from '@papo/contract/records';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { clearSession, storeRefreshedTokens } from '../../../lib/session';
import { leavePageFor, startLeaving } from '../../../lib/leaving';

const sessionsKey = ['account-sessions'] as const;

/** `GET /api/account/sessions`: the member's signed-in browsers and IRC links, this one first. */
export function useAccountSessions() {
  return useQuery({
    queryKey: sessionsKey,
    queryFn: ({ signal }) => api(accountRoutes.sessions, { signal }),
  });
}

/**
 * `PUT /api/account/password`: the other devices are signed out; this one carries on with the fresh token the server
 * answers (its old one ended with the others').
 */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangePasswordBody) => api(accountRoutes.changePassword, { body }),
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
    mutationFn: (id: string | null) =>
      id ? api(accountRoutes.endSession, { params: { id } }) : api(accountRoutes.endOtherSessions),
    onSuccess: (_answer, id) => {
      queryClient.setQueryData<AccountSessions>(
        sessionsKey,
        (known) =>
          known && { sessions: known.sessions.filter((session) => (id ? session.id !== id : session.current)) },
      );
    },
  });
}

const exportKey = ['account-export'] as const;
/** How often the page asks whether the export is made (the server says 2 s in `Retry-After`). */
const exportPollMs = 2_000;

/** The member's data as the server made it, or that it is still being made. */
export type ExportAnswer = AccountExportPending | { state: 'ready'; data: unknown };

/** `POST /api/account/export`: the server starts making the file; `useExportFile` then waits for it. */
export function useRequestExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api(accountRoutes.requestExport),
    onSuccess: () => queryClient.setQueryData<ExportAnswer>(exportKey, { state: 'pending' }),
  });
}

/**
 * `GET /api/account/export` while `waiting`: 202 (pending) is asked again every two seconds, the file ends the polling.
 * the first answer is the POST's own (set as this query's data), so the file is never asked for twice at once.
 */
export function useExportFile(waiting: boolean) {
  return useQuery({
    queryKey: exportKey,
    enabled: waiting,
    staleTime: exportPollMs,
    queryFn: async ({ signal }): Promise<ExportAnswer> => {
      const answer = await api(accountRoutes.exportFile, { signal });
      return isPending(answer) ? answer : { state: 'ready', data: answer };
    },
    refetchInterval: (query) => (query.state.data?.state === 'pending' ? exportPollMs : false),
  });
}

function isPending(answer: unknown): answer is AccountExportPending {
  return isRecord(answer) && answer.state === 'pending';
}

/** `DELETE /api/account`: once deleted, this tab is signed out and goes to the home page (as its other tabs do). */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: (body: DeleteAccountBody) => api(accountRoutes.deleteAccount, { body }),
    onSuccess: async () => {
      startLeaving();
      clearSession();
      await import('../../../lib/socket').then(({ closeSocket }) => closeSocket());
      leavePageFor('/');
    },
  });
}
