import { randomUUID } from 'node:crypto';
import type { LoginResponse } from '@papo/contract/auth';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { httpError } from '../../lib/http-error.js';
import type { SignOutReason } from '../../lib/revocation.js';
import { forgetDevicesOfSessions } from '../push/index.js';
import {
  findRefreshToken,
  insertFamily,
  insertRefreshToken,
  liveFamilyIds,
  markRefreshTokenUsed,
  revokeFamiliesOfUser,
  revokeFamily,
  touchFamily,
} from './refresh-repo.js';
import { findAccountById } from './repo.js';
import { days, isoAt, randomToken, sha256 } from './secrets.js';

/** Absolute lifetime of a sign-in: rotation never extends it (decision 005). */
const sessionLifetimeMs = days(30);
export const refreshCookie = 'refresh_token';
const cookiePath = '/api/auth';

export interface SessionUser {
  id: number;
  username: string;
  roles: string[];
}

async function answer(
  app: FastifyInstance,
  user: SessionUser,
  refreshToken: string,
  sessionId: string,
): Promise<LoginResponse> {
  const token = await app.tokens.signAccessToken({
    userId: user.id,
    username: user.username,
    roles: user.roles,
    sessionId,
  });
  return { token, refresh_token: refreshToken, roles: user.roles, username: user.username, userId: user.id };
}

/** The browser a sign-in came from, kept to name the device in the member's list. */
export interface SignInDevice {
  userAgent?: string;
}

/** Longest User-Agent kept: enough to name any browser, not a place to store a client's megabytes. */
const maxUserAgent = 400;

/** A new sign-in: a new token family with the 30-day limit, and its first refresh token. */
export async function startSession(
  app: FastifyInstance,
  user: SessionUser,
  device: SignInDevice = {},
): Promise<LoginResponse> {
  const familyId = randomUUID();
  const refreshToken = randomToken();
  const now = Date.now();
  await app.db.transaction().execute(async (trx) => {
    await insertFamily(trx, {
      id: familyId,
      userId: user.id,
      expiresAt: isoAt(now + sessionLifetimeMs),
      kind: 'web',
      userAgent: device.userAgent?.slice(0, maxUserAgent) ?? null,
      lastSeenAt: null,
    });
    await insertRefreshToken(trx, familyId, sha256(refreshToken));
  });
  return answer(app, user, refreshToken, familyId);
}

/** A new access token for the sign-in a request was made with (a password change keeps its device signed in). */
export async function reissueAccessToken(
  app: FastifyInstance,
  user: SessionUser,
  sessionId: string,
  issuedAtMs: number,
): Promise<string> {
  const claims = { userId: user.id, username: user.username, roles: user.roles, sessionId };
  return app.tokens.signAccessToken(claims, issuedAtMs / 1000);
}

/**
 * Exchanges a refresh token for a new pair. The token is spent; presenting a spent token again means
 * it was copied, so the whole family is revoked and both holders must sign in again.
 */
export async function rotateSession(app: FastifyInstance, presented: string): Promise<LoginResponse> {
  const now = isoAt(Date.now());
  const stored = await findRefreshToken(app.db, sha256(presented));
  if (!stored || stored.familyRevokedAt || stored.familyExpiresAt <= now) throw httpError(401, 'invalid_refresh_token');
  const account = await findAccountById(app.db, stored.userId);
  if (!account) throw httpError(401, 'invalid_refresh_token');
  const refreshToken = randomToken();
  const rotated =
    !stored.usedAt &&
    (await app.db.transaction().execute(async (trx) => {
      if (!(await markRefreshTokenUsed(trx, stored.id, now))) return false;
      await insertRefreshToken(trx, stored.familyId, sha256(refreshToken));
      await touchFamily(trx, stored.familyId, now);
      return true;
    }));
  if (!rotated) {
    await revokeFamily(app.db, stored.familyId, now);
    throw httpError(401, 'refresh_token_reused');
  }
  return answer(app, account, refreshToken, stored.familyId);
}

/** Logout: the sign-in of the presented token (spent or not) ends, and nothing else. Unknown tokens are ignored. */
export async function endSession(app: FastifyInstance, presented: string): Promise<void> {
  const stored = await findRefreshToken(app.db, sha256(presented));
  if (!stored) return;
  await endSessionById(app, stored.userId, stored.familyId, 'logged_out');
}

/**
 * Ends one sign-in of the member: its refresh tokens, its access tokens, its push devices, and on every node its
 * sockets (or its IRC link); the member's other devices go on as they were.
 */
export async function endSessionById(
  app: FastifyInstance,
  userId: number,
  sessionId: string,
  reason: SignOutReason,
): Promise<void> {
  await revokeFamily(app.db, sessionId, isoAt(Date.now()));
  await forgetDevicesOfSessions(app.db, userId, { sessionId });
  await app.revocations.revokeSession(sessionId);
  await app.revocations.announceSignOut({ userId, sessionId, reason });
}

/**
 * Ends every sign-in of the member but `keepSessionId` (a password change keeps the device that made it): refresh
 * tokens, access tokens, push devices, and on every node each socket and IRC link, told `reason`. Without a sign-in to
 * keep every access token of the member ends; with one, those of the other sign-ins, and the kept device goes on.
 * Needs only the database and the revocations, so an admin command reaches the running nodes the same way.
 */
export async function endAccountSessions(
  app: Pick<FastifyInstance, 'db' | 'revocations'>,
  userId: number,
  reason: SignOutReason,
  keepSessionId?: string,
): Promise<void> {
  const ended = keepSessionId ? await liveFamilyIds(app.db, userId) : [];
  await revokeFamiliesOfUser(app.db, userId, isoAt(Date.now()), keepSessionId);
  await forgetDevicesOfSessions(app.db, userId, keepSessionId ? { keepSessionId } : {});
  if (keepSessionId) {
    for (const sessionId of ended) if (sessionId !== keepSessionId) await app.revocations.revokeSession(sessionId);
  } else {
    await app.revocations.revoke(userId);
  }
  await app.revocations.announceSignOut({ userId, reason, ...(keepSessionId ? { keepSessionId } : {}) });
}
/** The httpOnly cookie (path /api/auth) that lets the browser refresh without script access to the token. */
export function setRefreshCookie(app: FastifyInstance, reply: FastifyReply, refreshToken: string): void {
  reply.setCookie(refreshCookie, refreshToken, {
    path: cookiePath,
    httpOnly: true,
    sameSite: 'strict',
    secure: app.config.PUBLIC_URL.startsWith('https:'),
    maxAge: sessionLifetimeMs / 1000,
  });
}

export function clearRefreshCookie(app: FastifyInstance, reply: FastifyReply): void {
  reply.clearCookie(refreshCookie, {
    path: cookiePath,
    httpOnly: true,
    sameSite: 'strict',
    secure: app.config.PUBLIC_URL.startsWith('https:'),
  });
}
