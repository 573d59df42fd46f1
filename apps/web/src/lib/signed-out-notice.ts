import { signOutReasons, type SignOutAnswer } from '@papo/contract/sign-out';

/**
 * Why this tab was signed out by the server (another device changed the password, or signed this one out): kept in
 * sessionStorage, which clearing the session does not touch, and shown on /login until the next sign-in (the move
 * there may mount the login screen twice: the guard's redirect, then the page load).
 */
const key = 'papo-signed-out';

export function storeSignedOutNotice(reason: SignOutAnswer['reason']): void {
  sessionStorage.setItem(key, reason);
}

export function readSignedOutNotice(): SignOutAnswer['reason'] | null {
  const stored = sessionStorage.getItem(key);
  return signOutReasons.find((reason) => reason === stored) ?? null;
}

/** Signed in again: the notice has been read. */
export function clearSignedOutNotice(): void {
  sessionStorage.removeItem(key);
}
