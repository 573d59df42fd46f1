import { roles, type SignupBody } from '@papo/contract/auth';
import type { FastifyInstance } from 'fastify';
import { isUniqueViolation } from '../../db/values.js';
import { httpError } from '../../lib/http-error.js';
import { hashPassword } from '../../lib/passwords.js';
import { findTakenKeys, insertUser } from '../users/index.js';
import { sendFirstCode } from './codes.js';
import { isCommonPassword } from './common-passwords.js';
import { pickLanguage } from './language.js';
import { isUsernameInUse } from './repo.js';
import { isReservedUsername } from './usernames.js';

/** Per-field problems only the server can see: taken names, reserved names, common passwords. */
async function serverSideErrors(app: FastifyInstance, body: SignupBody): Promise<Record<string, string[]>> {
  const errors: Record<string, string[]> = {};
  const taken = await findTakenKeys(app.db, body.username, body.email);
  if (taken.username || isReservedUsername(body.username) || (await isUsernameInUse(app.db, body.username))) {
    errors.username = ['username_taken'];
  }
  if (taken.email) errors.email = ['email_taken'];
  if (isCommonPassword(body.password)) errors.password = ['password_too_common'];
  return errors;
}

/**
 * Creates an unverified account and mails its code. Every problem is reported at once, per field;
 * a race lost to a parallel signup is reported the same way as a name found taken. Answers the new account's id.
 */
export async function signUp(
  app: FastifyInstance,
  body: SignupBody,
  acceptLanguage: string | undefined,
): Promise<number> {
  const errors = await serverSideErrors(app, body);
  if (Object.keys(errors).length) throw httpError(400, 'validation_failed', errors);
  const language = pickLanguage(body.language, acceptLanguage);
  const passwordHash = await hashPassword(body.password);
  let id: number;
  try {
    id = await insertUser(app.db, {
      name: body.name,
      username: body.username,
      email: body.email,
      passwordHash,
      roles: [roles.user],
      verified: false,
      language,
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const again = await serverSideErrors(app, body);
    throw httpError(400, 'validation_failed', Object.keys(again).length ? again : { username: ['username_taken'] });
  }
  await sendFirstCode(app, { id, name: body.name, email: body.email, language });
  return id;
}
