import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { clearSession, readSession } from '../../../lib/session';
import { logoutOnServer } from '../api/session';

/**
 * Logout (members-area §4): clears all browser storage and goes to /login at once; the server is told to
 * revoke the refresh token on the side, best effort, since the family expires on its own anyway.
 */
export function useLogout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(() => {
    const session = readSession();
    const refreshToken = session?.refreshToken ?? null;
    // this device stops being told of the member's notifications; the call carries the token the session is about to lose.
    if (session?.token) {
      const token = session.token;
      void import('../../../lib/push').then(({ disableDevicePush }) => disableDevicePush(token)).catch(() => undefined);
    }
    clearSession();
    // the connection was authenticated as this member; the next one must carry the next session's token.
    // Loaded on demand: visitors never download the real-time client, and a tab that never opened it has nothing to close.
    // The server then ends this sign-in on its sockets too: closed first, this tab is not told it was signed out
    // "by another device" by its own logout.
    const socketClosed = import('../../../lib/socket').then(({ closeSocket }) => closeSocket());
    // the channel lines this device kept belong to the session that ends.
    void import('../../../lib/device-history').then(({ eraseAllHistory }) => eraseAllHistory()).catch(() => undefined);
    queryClient.removeQueries({ queryKey: ['me'] });
    void socketClosed
      .catch(() => undefined)
      .then(() => logoutOnServer(refreshToken))
      .catch(() => {
        // nothing to tell the member: they are logged out here whatever the server answered.
      });
    void navigate(paths.login);
  }, [navigate, queryClient]);
}
