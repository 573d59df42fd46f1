import type { Db } from '../../db/schema.js';
import { toFlag } from '../../db/values.js';

export interface NewUser {
  name: string;
  username: string;
  email: string;
  passwordHash: string | null;
  roles: string[];
  verified: boolean;
  language?: string;
}

/**
 * Inserts a user and its first nickname (the username, selected) in one transaction, so every account
 * owns its username as a nickname from the start. A duplicate username, e-mail or nickname throws
 * (see isUniqueViolation). Inside a caller's transaction it joins that transaction.
 */
export async function insertUser(db: Db, user: NewUser): Promise<number> {
  if (db.isTransaction) return insertUserRows(db, user);
  return db.transaction().execute((trx) => insertUserRows(trx, user));
}

async function insertUserRows(db: Db, user: NewUser): Promise<number> {
  const row = await db
    .insertInto('users')
    .values({
      name: user.name,
      username: user.username,
      username_lower: user.username.toLowerCase(),
      email: user.email,
      email_lower: user.email.toLowerCase(),
      password_hash: user.passwordHash,
      roles: JSON.stringify(user.roles),
      verified: toFlag(user.verified),
      ...(user.language ? { language: user.language } : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('nicknames')
    .values({ user_id: row.id, nickname: user.username, nickname_lower: user.username.toLowerCase(), is_selected: 1 })
    .execute();
  return row.id;
}

/** Which of the two unique keys are already taken (case-insensitive); a username is also taken as anyone's nickname. */
export async function findTakenKeys(
  db: Db,
  username: string,
  email: string,
): Promise<{ username: boolean; email: boolean }> {
  const rows = await db
    .selectFrom('users')
    .select(['username_lower', 'email_lower'])
    .where((eb) =>
      eb.or([eb('username_lower', '=', username.toLowerCase()), eb('email_lower', '=', email.toLowerCase())]),
    )
    .execute();
  const nickname = await db
    .selectFrom('nicknames')
    .select('id')
    .where('nickname_lower', '=', username.toLowerCase())
    .executeTakeFirst();
  return {
    username: Boolean(nickname) || rows.some((r) => r.username_lower === username.toLowerCase()),
    email: rows.some((r) => r.email_lower === email.toLowerCase()),
  };
}
