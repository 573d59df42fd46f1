import type { FastifyInstance } from 'fastify';
import { httpError } from '../../lib/http-error.js';
import { mailLanguage } from './language.js';
import { verificationCodeMail } from './mail-templates.js';
import {
  deleteVerificationCode,
  findAccountByUsername,
  findVerificationCode,
  markVerified,
  replaceVerificationCode,
  takeCodeAttempt,
  type AccountRecord,
} from './repo.js';
import { isoAt, minutes, randomCode, sha256 } from './secrets.js';
import { allowAccountMail } from './mail-limit.js';
import type { SessionUser } from './sessions.js';

const codeLifetimeMs = minutes(15);
/** Wrong tries a code survives; after them a new code must be requested. */
const maxCodeAttempts = 5;

/** Stores a new code for the account (the old one stops working) and answers it, for the mail only. */
async function issueCode(app: FastifyInstance, userId: number): Promise<string> {
  const code = randomCode();
  await app.db
    .transaction()
    .execute((trx) => replaceVerificationCode(trx, userId, sha256(code), isoAt(Date.now() + codeLifetimeMs)));
  return code;
}

function codeMail(account: Pick<AccountRecord, 'name' | 'email' | 'language'>, code: string) {
  return { to: account.email, ...verificationCodeMail(mailLanguage(account.language), { name: account.name, code }) };
}

/** After signup: a code is mailed right away; a delivery failure is logged, and the member can ask for a new code. */
export async function sendFirstCode(
  app: FastifyInstance,
  account: Pick<AccountRecord, 'id' | 'name' | 'email' | 'language'>,
) {
  const code = await issueCode(app, account.id);
  await allowAccountMail(app, account.id, 'verification_code');
  try {
    await app.mailer.send(codeMail(account, code));
  } catch (error) {
    app.log.error({ err: error, userId: account.id }, 'could not mail the verification code');
  }
}

/** `resend-code`: a fresh code for an unverified account; nothing for anything else, and the caller cannot tell. */
export async function resendCode(app: FastifyInstance, username: string): Promise<void> {
  const account = await findAccountByUsername(app.db, username);
  if (!account || account.verified) return;
  if (!(await allowAccountMail(app, account.id, 'verification_code'))) return;
  const code = await issueCode(app, account.id);
  app.mailer.sendLater(codeMail(account, code));
}

/**
 * Confirms an account with its code. Each try is counted before the comparison, so parallel guesses
 * cannot exceed the limit; a right code marks the account verified and is spent. Answers the verified account.
 */
export async function confirmCode(app: FastifyInstance, username: string, code: string): Promise<SessionUser> {
  const account = await findAccountByUsername(app.db, username);
  const stored = account && !account.verified ? await findVerificationCode(app.db, account.id) : undefined;
  if (!account || !stored) throw httpError(400, 'invalid_code');
  if (stored.attempts >= maxCodeAttempts) throw httpError(400, 'code_attempts_exceeded');
  if (stored.expiresAt <= isoAt(Date.now())) throw httpError(400, 'code_expired');
  if (!(await takeCodeAttempt(app.db, stored.id, maxCodeAttempts))) throw httpError(400, 'code_attempts_exceeded');
  if (sha256(code) !== stored.codeHash) throw httpError(400, 'invalid_code');
  await app.db.transaction().execute(async (trx) => {
    await markVerified(trx, account.id);
    await deleteVerificationCode(trx, account.id);
  });
  return { id: account.id, username: account.username, roles: account.roles };
}
