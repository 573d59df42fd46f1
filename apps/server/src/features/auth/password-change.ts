import type { FastifyInstance } from 'fastify';
import { HttpError, httpError } from '../../lib/http-error.js';
import { hashPassword } from '../../lib/passwords.js';
import { mailLanguage } from './language.js';
import { checkCredentials } from './login.js';
import { passwordChangedMail } from './mail-templates.js';
import { findAccountById, setPasswordHash } from './repo.js';
import { endAccountSessions, reissueAccessToken } from './sessions.js';

/**
 * A signed-in member changes their password: the current one is checked as a sign-in is (the same limit and
 * lockout), every other sign-in of the account ends (sockets, IRC links and push devices included), the mail
 * confirms, and the device that asked gets a fresh access token (its old one ended with the others').
 */
export async function changePassword(
  app: FastifyInstance,
  member: { userId: number; sessionId: string },
  passwords: { currentPassword: string; newPassword: string },
  address: string,
): Promise<string> {
  const account = await findAccountById(app.db, member.userId);
  if (!account) throw httpError(401, 'Invalid JWT Token');
  // a Google-only account has no password to prove; it sets one through "Esqueci a senha".
  if (!account.passwordHash) throw httpError(403, 'wrong_password', { currentPassword: ['wrong_password'] });
  try {
    await checkCredentials(app, account.username, passwords.currentPassword, address);
  } catch (error) {
    // 403, not the sign-in's 401: a 401 would tell the client its token is bad and make it sign out.
    if (error instanceof HttpError && error.key === 'invalid_credentials') {
      throw httpError(403, 'wrong_password', { currentPassword: ['wrong_password'] });
    }
    throw error;
  }
  await setPasswordHash(app.db, account.id, await hashPassword(passwords.newPassword));
  await endAccountSessions(app, account.id, 'password_changed', member.sessionId);
  // every access token issued until now ends as well, the asking device's included: one copied from it must
  // not outlive the change; the device carries on with the fresh one answered.
  const revokedAt = Date.now();
  await app.revocations.revoke(account.id, revokedAt);
  app.mailer.sendLater({
    to: account.email,
    ...passwordChangedMail(mailLanguage(account.language), { name: account.name }),
  });
  // issued just after the revocation's instant, which ends the tokens of its own millisecond too.
  return reissueAccessToken(app, account, member.sessionId, revokedAt + 1);
}
