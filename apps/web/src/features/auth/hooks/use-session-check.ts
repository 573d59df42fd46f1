import { useEffect } from 'react';
import { ApiError } from '../../../lib/api';
import { clearSession, readSession, type Session } from '../../../lib/session';
import { useMe } from '../api/session';

/**
 * Confirms a session restored from storage with `GET /api/me` once per sign-in. An expired token is
 * renewed by the API client on the way; a session the server refuses even after that is dropped, so
 * the header never shows a member who can no longer do anything.
 */
export function useSessionCheck(session: Session | null) {
  const { error } = useMe(session?.username ?? null, session !== null);
  useEffect(() => {
    if (error instanceof ApiError && error.status === 401 && readSession()) clearSession();
  }, [error]);
}
