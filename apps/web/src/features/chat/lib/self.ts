import { decodeTokenPayload, readSession } from '../../../lib/session';

/** The signed-in user's id: the access token's subject (the server signs it; the client only reads it). */
export function selfUserId(): number | null {
  const token = readSession()?.token;
  if (!token) return null;
  const subject = Number(decodeTokenPayload(token).sub);
  return Number.isSafeInteger(subject) && subject > 0 ? subject : null;
}
