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
 * Checks a username-or-e-mail and password. Unknown name and wrong password share one answer; the
 * tenth failure within 15 minutes locks the account for 15 minutes, even against the right password.
 */
export async function checkCredentials(app: FastifyInstance, login: string, password: string): Promise<SessionUser> {
  const account = await findAccountByLogin(app.db, login);
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
