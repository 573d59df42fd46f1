import type { Db } from '../../db/schema.js';
import { fromFlag, parseRoles } from '../../db/values.js';

/** The one record of a `users` row the server reads (sign-in, codes, Google, admin); users/repo.ts writes the rows. */
export interface AccountRecord {
  id: number;
  name: string;
  username: string;
  email: string;
  passwordHash: string | null;
  roles: string[];
  verified: boolean;
  language: string;
}

const accountColumns = ['id', 'name', 'username', 'email', 'password_hash', 'roles', 'verified', 'language'] as const;

function toAccount(row: {
  id: number;
  name: string;
  username: string;
  email: string;
  password_hash: string | null;
  roles: string;
  verified: number;
  language: string;
}): AccountRecord {
  return {
    id: row.id,
    name: row.name,
    username: row.username,
    email: row.email,
    passwordHash: row.password_hash,
    roles: parseRoles(row.roles),
    verified: fromFlag(row.verified),
    language: row.language,
  };
}

/** By username or e-mail, case-insensitive (a username never contains '@', so the two cannot collide). */
export async function findAccountByLogin(db: Db, login: string): Promise<AccountRecord | undefined> {
  const key = login.toLowerCase();
  const row = await db
    .selectFrom('users')
    .select(accountColumns)
    .where((eb) => eb.or([eb('username_lower', '=', key), eb('email_lower', '=', key)]))
    .executeTakeFirst();
  return row && toAccount(row);
}

export async function findAccountByEmail(db: Db, email: string): Promise<AccountRecord | undefined> {
  const row = await db
    .selectFrom('users')
    .select(accountColumns)
    .where('email_lower', '=', email.toLowerCase())
    .executeTakeFirst();
  return row && toAccount(row);
}

export async function findAccountByUsername(db: Db, username: string): Promise<AccountRecord | undefined> {
  const row = await db
    .selectFrom('users')
    .select(accountColumns)
    .where('username_lower', '=', username.toLowerCase())
    .executeTakeFirst();
  return row && toAccount(row);
}

export async function findAccountById(db: Db, id: number): Promise<AccountRecord | undefined> {
  const row = await db.selectFrom('users').select(accountColumns).where('id', '=', id).executeTakeFirst();
  return row && toAccount(row);
}

/** Whether the name is already someone's username or nickname (every username is a nickname too), case-insensitive. */
export async function isUsernameInUse(db: Db, username: string): Promise<boolean> {
  const key = username.toLowerCase();
  const user = await db.selectFrom('users').select('id').where('username_lower', '=', key).executeTakeFirst();
  if (user) return true;
  const nickname = await db.selectFrom('nicknames').select('id').where('nickname_lower', '=', key).executeTakeFirst();
  return nickname !== undefined;
}

export async function markVerified(db: Db, userId: number): Promise<void> {
  await db.updateTable('users').set({ verified: 1 }).where('id', '=', userId).execute();
}

export async function setPasswordHash(db: Db, userId: number, passwordHash: string | null): Promise<void> {
  await db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).execute();
}

/* Verification codes: one live code per account (user_id is unique). */

export interface CodeRecord {
  id: number;
  codeHash: string;
  attempts: number;
  expiresAt: string;
}

/** Stores a fresh code, replacing (and so invalidating) any earlier one with its tries. */
export async function replaceVerificationCode(
  db: Db,
  userId: number,
  codeHash: string,
  expiresAt: string,
): Promise<void> {
  await db
    .insertInto('verification_codes')
    .values({ user_id: userId, code_hash: codeHash, expires_at: expiresAt, attempts: 0 })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ code_hash: codeHash, expires_at: expiresAt, attempts: 0 }))
    .execute();
}

export async function findVerificationCode(db: Db, userId: number): Promise<CodeRecord | undefined> {
  const row = await db
    .selectFrom('verification_codes')
    .select(['id', 'code_hash', 'attempts', 'expires_at'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row && { id: row.id, codeHash: row.code_hash, attempts: row.attempts, expiresAt: row.expires_at };
}

/** Counts one try if fewer than `max` were made; false when none is left. Atomic, so parallel guesses cannot exceed it. */
export async function takeCodeAttempt(db: Db, codeId: number, max: number): Promise<boolean> {
  const result = await db
    .updateTable('verification_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', codeId)
    .where('attempts', '<', max)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function deleteVerificationCode(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('verification_codes').where('user_id', '=', userId).execute();
}
