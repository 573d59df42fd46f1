import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { httpError, retryAfter, type HttpError } from '../../lib/http-error.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { clearLoginFailures, findLockedUntil, lockAccount, recordLoginFailure } from './lockout-repo.js';
import { findAccountByLogin } from './repo.js';
import { isoAt, minutes } from './secrets.js';
import type { SessionUser } from './sessions.js';

const lockoutWindowMs = minutes(15);
const lockoutDurationMs = minutes(15);
/** Failed sign-ins per account within the window that lock it. */
const maxLoginFailures = 10;

let dummyHash: Promise<string> | undefined;

/**
 * Runs a real argon2 verification against a throwaway hash, so answering for an unknown name (or a
 * Google-only account) takes as long as for a wrong password and the timing reveals nothing.
 */
async function spendVerification(password: string): Promise<false> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  await verifyPassword(await dummyHash, password);
  return false;
}

/**
 * The one sign-in limit of the web and IRC (and the password check of account settings), each attempt counted before
 * its password is checked, so parallel attempts cannot overshoot it: per address in a window (Redis with REDIS_URL),
 * and per account as the lockout's failures, an attempt being recorded as one until its password proves right.
 */
export const signInLimits = {
  perAddress: { max: 20, timeWindow: minutes(15) },
  perAccount: { max: maxLoginFailures, timeWindow: lockoutWindowMs },
};

/** Counts one attempt under `key`; 429 `too_many_requests` with `Retry-After` once over the limit. */
async function countAttempt(
  app: FastifyInstance,
  key: string,
  limit: { max: number; timeWindow: number },
): Promise<void> {
  // an app put together without the rate-limit store (a hand-built test node) has no limit to count.
  if (!app.hasDecorator('keyRateLimit')) return;
  const wait = await app.keyRateLimit(limit)(key);
  if (wait !== undefined) throw retryAfter(httpError(429, 'too_many_requests'), wait);
}

async function refuseWhileLocked(app: FastifyInstance, userId: number, now: number): Promise<void> {
  const lockedUntil = await findLockedUntil(app.db, userId);
  if (lockedUntil && lockedUntil > isoAt(now)) {
    throw retryAfter(httpError(423, 'account_locked'), (Date.parse(lockedUntil) - now) / 1000);
  }
}

function locked(app: FastifyInstance, userId: number): HttpError {
  app.log.warn({ userId }, 'account locked after repeated failed sign-ins');
  return retryAfter(httpError(423, 'account_locked'), lockoutDurationMs / 1000);
}

/**
 * Checks a username-or-e-mail and password from `address` (the web's and IRC's sign-in alike). Unknown name and
 * wrong password share one answer; the tenth failure within 15 minutes locks the account for 15 minutes, even
 * against the right password.
 */
export async function checkCredentials(
  app: FastifyInstance,
  login: string,
  password: string,
  address: string,
): Promise<SessionUser> {
  await countAttempt(app, `sign-in:address:${address}`, signInLimits.perAddress);
  const account = await findAccountByLogin(app.db, login);
  if (!account) {
    await spendVerification(password);
    throw httpError(401, 'invalid_credentials');
  }
  const now = Date.now();
  await refuseWhileLocked(app, account.id, now);
  // recorded as a failure before the password is checked (a success clears it): attempts running at once each
  // see the others', so no more passwords are tried than the lockout allows. The lock is read again after: a lock
  // placed meanwhile spent the failures this attempt would otherwise have counted.
  const attempts = await recordLoginFailure(app.db, account.id, isoAt(now), isoAt(now - lockoutWindowMs));
  if (attempts > maxLoginFailures) {
    await lockAccount(app.db, account.id, isoAt(now + lockoutDurationMs));
    throw locked(app, account.id);
  }
  await refuseWhileLocked(app, account.id, now);

  const matches = account.passwordHash
    ? await verifyPassword(account.passwordHash, password)
    : await spendVerification(password);
  if (!matches) {
    if (attempts < maxLoginFailures) throw httpError(401, 'invalid_credentials');
    await lockAccount(app.db, account.id, isoAt(now + lockoutDurationMs));
    throw locked(app, account.id);
  }
  await clearLoginFailures(app.db, account.id);
  if (!account.verified) throw httpError(403, 'account_not_verified');
  return { id: account.id, username: account.username, roles: account.roles };
}
