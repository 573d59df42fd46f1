import type { Session } from '../../../lib/session';
import { useMe } from '../api/session';

/**
 * Confirms a session restored from storage with `GET /api/me` once per sign-in. An expired token is
 * renewed by the API client on the way, and a session whose refresh the server refuses is dropped
 * there, so the header never goes on showing a member who can no longer do anything.
 */
export function useSessionCheck(session: Session | null) {
  useMe(session?.username ?? null, session !== null);
}
