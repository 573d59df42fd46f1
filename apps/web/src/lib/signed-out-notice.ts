import { signOutReasons, type SignOutAnswer } from '@papo/contract/socket-events';

/**
 * Why this tab was signed out by the server (another device changed the password, or signed this one out): kept in
 * sessionStorage across the move to /login, which clearing the session does not touch, and shown there once.
 */
const key = 'papo-signed-out';

export function storeSignedOutNotice(reason: SignOutAnswer['reason']): void {
  sessionStorage.setItem(key, reason);
}

/** The reason, once: reading it forgets it. */
export function takeSignedOutNotice(): SignOutAnswer['reason'] | null {
  const stored = sessionStorage.getItem(key);
  sessionStorage.removeItem(key);
  return signOutReasons.find((reason) => reason === stored) ?? null;
}
