import { useSyncExternalStore } from 'react';
import { isRecord } from '@papo/contract/records';
import { clearSignedOutNotice } from './signed-out-notice';

/** What the client knows about the signed-in user, read from browser storage. */
export interface Session {
  token: string;
  /** Null when the refresh token lives only in the httpOnly cookie (Google sign-in). */
  refreshToken: string | null;
  roles: string[];
  username: string | null;
  initials: string;
  /** The member's id: the token's subject, else the `userId` the login stored; null when neither is a valid id. */
  userId: number | null;
}

/** What the sign-in, refresh and Google calls answer (members-area §7); stored whole as `user`. */
export interface LoginAnswer {
  token: string;
  refresh_token?: string;
  roles?: string[];
  username?: string;
  userId?: number;
}

const staffRoles = ['ROLE_ADMIN', 'ROLE_MODERATOR'];
const changeEvent = 'papo:session';
const keys = ['user', 'userRoles', 'userInitials', 'username', 'userId'] as const;

function parseJson(raw: string | null): unknown {
  if (raw === null) return null;
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
}

function stringList(value: unknown): string[] | null {
  return Array.isArray(value) && value.every((item) => typeof item === 'string') ? value : null;
}

/** The JWT payload, without verifying it: the server verifies; the client only reads roles and username. */
export function decodeTokenPayload(token: string): Record<string, unknown> {
  const part = token.split('.')[1];
  if (!part) return {};
  try {
    const base64 = part
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(part.length / 4) * 4, '=');
    const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
    const payload: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return isRecord(payload) ? payload : {};
  } catch {
    return {};
  }
}

/** Two letters for the avatar circle: the first letters of the first two words, else the first two letters. */
export function initialsOf(name: string): string {
  const words = name.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  const letters = words.length > 1 ? (words[0]?.[0] ?? '') + (words[1]?.[0] ?? '') : (words[0] ?? '').slice(0, 2);
  return letters.toUpperCase();
}

function firstUserId(candidates: unknown[]): number | null {
  for (const candidate of candidates) {
    const id = Number(candidate);
    if (candidate !== null && candidate !== undefined && Number.isSafeInteger(id) && id > 0) return id;
  }
  return null;
}

function buildSession(): Session | null {
  const user = parseJson(localStorage.getItem('user'));
  if (!user || typeof user !== 'object' || !('token' in user) || typeof user.token !== 'string' || !user.token) {
    return null;
  }
  const payload = decodeTokenPayload(user.token);
  const roles = stringList(parseJson(localStorage.getItem('userRoles'))) ?? stringList(payload.roles) ?? [];
  const claimed = typeof payload.username === 'string' ? payload.username : null;
  const username = localStorage.getItem('username') ?? claimed;
  const initials = localStorage.getItem('userInitials') || initialsOf(username ?? '') || '?';
  const refreshToken = 'refresh_token' in user && typeof user.refresh_token === 'string' ? user.refresh_token : null;
  const userId = firstUserId([payload.sub, localStorage.getItem('userId')]);
  return { token: user.token, refreshToken, roles, username, initials, userId };
}

let cachedKey: string | null = null;
let cachedSession: Session | null = null;

/** The current session, or null for a visitor. Returns the same object while storage is unchanged. */
export function readSession(): Session | null {
  // the server renders public pages as a visitor sees them; the session appears after hydration.
  if (typeof localStorage === 'undefined') return null;
  const key = keys.map((name) => localStorage.getItem(name) ?? '').join('\u0000');
  if (key !== cachedKey) {
    cachedKey = key;
    cachedSession = buildSession();
  }
  return cachedSession;
}

/** True only for administrators and moderators. */
export function isStaff(session: Session | null): boolean {
  return session !== null && session.roles.some((role) => staffRoles.includes(role));
}

/** True only for administrators (the operations screen). */
export function isAdmin(session: Session | null): boolean {
  return session !== null && session.roles.includes('ROLE_ADMIN');
}

/** Tells every `useSession` in this tab that storage changed (other tabs hear the `storage` event). */
function notifySessionChange() {
  window.dispatchEvent(new Event(changeEvent));
}

/**
 * Signs in locally: stores the whole answer as `user`, plus `username`, `userId`, `userRoles` (read from
 * the token, members-area §4) and `userInitials`, then tells the app.
 */
export function storeLogin(answer: LoginAnswer) {
  clearSignedOutNotice();
  const payload = decodeTokenPayload(answer.token);
  const username = typeof payload.username === 'string' ? payload.username : (answer.username ?? '');
  localStorage.setItem('user', JSON.stringify(answer));
  localStorage.setItem('username', username);
  if (answer.userId !== undefined) localStorage.setItem('userId', String(answer.userId));
  localStorage.setItem('userRoles', JSON.stringify(stringList(payload.roles) ?? answer.roles ?? []));
  localStorage.setItem('userInitials', initialsOf(username) || '?');
  notifySessionChange();
}

/** Keeps the stored login answer but swaps in a refreshed token pair (and the roles the new token carries). */
export function storeRefreshedTokens(answer: LoginAnswer) {
  const stored = parseJson(localStorage.getItem('user'));
  const user = stored && typeof stored === 'object' ? stored : {};
  localStorage.setItem('user', JSON.stringify({ ...user, ...answer }));
  const roles = stringList(decodeTokenPayload(answer.token).roles);
  if (roles) localStorage.setItem('userRoles', JSON.stringify(roles));
  notifySessionChange();
}

/**
 * Logs out locally: clears ALL browser storage (members-area §4). The interface language stays as it
 * is in memory (i18next) until the next page load, so the screen does not flip language on logout.
 */
export function clearSession() {
  localStorage.clear();
  notifySessionChange();
}

/** Calls `onChange` whenever the session changes, in this tab or another; returns the unsubscribe. */
export function onSessionChange(onChange: () => void): () => void {
  return subscribe(onChange);
}

function subscribe(onChange: () => void) {
  window.addEventListener('storage', onChange);
  window.addEventListener(changeEvent, onChange);
  return () => {
    window.removeEventListener('storage', onChange);
    window.removeEventListener(changeEvent, onChange);
  };
}

/** What the server rendered, so hydration matches it before the stored session takes over. */
function visitorSession(): Session | null {
  return null;
}

/** The session as React state; re-renders on login and logout. */
export function useSession(): Session | null {
  return useSyncExternalStore(subscribe, readSession, visitorSession);
}
