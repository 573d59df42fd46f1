import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { httpError, retryAfter } from '../../lib/http-error.js';
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
 * The one sign-in limit of the web and IRC (and the password check of account settings): attempts per address and
 * per account in a window, each counted before its password is checked, so parallel attempts cannot overshoot it.
 */
export const signInLimits = {
  perAddress: { max: 20, timeWindow: minutes(15) },
  perAccount: { max: 20, timeWindow: minutes(15) },
};

/** Counts one attempt under `key`; 429 `too_many_requests` with `Retry-After` once over the limit. */
async function countAttempt(app: FastifyInstance, key: string, limit: { max: number; timeWindow: number }): Promise<void> {
  // NOTE: an app put together without the rate-limit store (a hand-built test node) has no limit to count.
  if (!app.hasDecorator('keyRateLimit')) return;
  const wait = await app.keyRateLimit(limit)(key);
  if (wait !== undefined) throw retryAfter(httpError(429, 'too_many_requests'), wait);
}

/**
 * Checks a username-or-e-mail and password from `address` (the web's and IRC's sign-in alike). Unknown name and
 * wrong password share one answer; the tenth failure within 15 minutes locks the account for 15 minutes, even
 * against the right password.
 */
export async function checkCredentials(app: FastifyInstance, login: string, password: string, address: string): Promise<SessionUser> {
  await countAttempt(app, `sign-in:address:${address}`, signInLimits.perAddress);
  const account = await findAccountByLogin(app.db, login);
  if (account) await countAttempt(app, `sign-in:account:${account.id}`, signInLimits.perAccount);
  if (!account) {
    await spendVerification(password);
    throw httpError(401, 'invalid_credentials');
  }
  const now = Date.now();
  const lockedUntil = await findLockedUntil(app.db, account.id);
  if (lockedUntil && lockedUntil > isoAt(now)) {
    throw retryAfter(httpError(423, 'account_locked'), (Date.parse(lockedUntil) - now) / 1000);
  }

  const matches = account.passwordHash ? await verifyPassword(account.passwordHash, password) : await spendVerification(password);
  if (!matches) {
    const failures = await recordLoginFailure(app.db, account.id, isoAt(now), isoAt(now - lockoutWindowMs));
    if (failures >= maxLoginFailures) {
      await lockAccount(app.db, account.id, isoAt(now + lockoutDurationMs));
      app.log.warn({ userId: account.id }, 'account locked after repeated failed sign-ins');
      throw retryAfter(httpError(423, 'account_locked'), lockoutDurationMs / 1000);
    }
    throw httpError(401, 'invalid_credentials');
  }
  await clearLoginFailures(app.db, account.id);
  if (!account.verified) throw httpError(403, 'account_not_verified');
  return { id: account.id, username: account.username, roles: account.roles };
}
