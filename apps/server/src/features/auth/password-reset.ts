import type { FastifyInstance } from 'fastify';
import { httpError } from '../../lib/http-error.js';
import { hashPassword } from '../../lib/passwords.js';
import { mailLanguage } from './language.js';
import { clearLoginFailures } from './lockout-repo.js';
import { allowAccountMail } from './mail-limit.js';
import { passwordResetMail } from './mail-templates.js';
import { revokeFamiliesOfUser } from './refresh-repo.js';
import { findAccountByEmail, markVerified, setPasswordHash } from './repo.js';
import { consumeResetToken, replaceResetToken } from './reset-repo.js';
import { isoAt, minutes, randomToken, sha256 } from './secrets.js';
import { endAccountSessions } from './sessions.js';

const resetLifetimeMs = minutes(30);

/** Mails a reset link when the e-mail has an account; the caller answers the same either way. */
export async function requestPasswordReset(app: FastifyInstance, email: string): Promise<void> {
  const account = await findAccountByEmail(app.db, email);
  if (!account) return;
  if (!(await allowAccountMail(app, account.id, 'password_reset'))) return;
  const token = randomToken();
  await app.db
    .transaction()
    .execute((trx) => replaceResetToken(trx, account.id, sha256(token), isoAt(Date.now() + resetLifetimeMs)));
  const link = new URL(`/reset-password?token=${encodeURIComponent(token)}`, app.config.PUBLIC_URL).toString();
  app.mailer.sendLater({
    to: account.email,
    ...passwordResetMail(mailLanguage(account.language), { name: account.name, link }),
  });
}

/**
 * Sets a new password with a live reset token. Every session and access token of the account ends (whoever
 * knew the old password is signed out), any lock is lifted, and the account counts as verified: the link proved the e-mail.
 */
export async function resetPassword(app: FastifyInstance, token: string, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  const done = await app.db.transaction().execute(async (trx) => {
    const now = isoAt(Date.now());
    const userId = await consumeResetToken(trx, sha256(token), now);
    if (userId === undefined) return false;
    await setPasswordHash(trx, userId, passwordHash);
    await markVerified(trx, userId);
    await revokeFamiliesOfUser(trx, userId, now);
    await clearLoginFailures(trx, userId);
    return userId;
  });
  if (done === false) throw httpError(400, 'invalid_reset_token');
  // after the commit: whoever knew the old password is signed out everywhere, sockets, IRC links and push
  // devices included, on every node.
  await endAccountSessions(app, done, 'password_changed');
}
