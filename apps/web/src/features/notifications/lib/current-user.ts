import { decodeTokenPayload, type Session } from '../../../lib/session';

/** The signed-in member's id: the access token's subject, else the `userId` the login stored. */
export function sessionUserId(session: Session | null): number | null {
  if (!session) return null;
  for (const candidate of [decodeTokenPayload(session.token).sub, localStorage.getItem('userId')]) {
    const id = Number(candidate);
    if (candidate !== null && candidate !== undefined && Number.isSafeInteger(id) && id > 0) return id;
  }
  return null;
}
