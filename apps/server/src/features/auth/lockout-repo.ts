import type { Db } from '../../db/schema.js';

export async function findLockedUntil(db: Db, userId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('account_lockouts')
    .select('locked_until')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.locked_until;
}

/** Records a failed sign-in and answers how many the account has had since `since`. */
export async function recordLoginFailure(db: Db, userId: number, at: string, since: string): Promise<number> {
  await db.insertInto('login_failures').values({ user_id: userId, failed_at: at }).execute();
  const row = await db
    .selectFrom('login_failures')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .where('failed_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Locks the account until `until`; the failures that led here are spent, so the count restarts after the lock. */
export async function lockAccount(db: Db, userId: number, until: string): Promise<void> {
  await db
    .insertInto('account_lockouts')
    .values({ user_id: userId, locked_until: until })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ locked_until: until }))
    .execute();
  await db.deleteFrom('login_failures').where('user_id', '=', userId).execute();
}

/** After a successful sign-in or a password reset: no failures and no lock. */
export async function clearLoginFailures(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('login_failures').where('user_id', '=', userId).execute();
  await db.deleteFrom('account_lockouts').where('user_id', '=', userId).execute();
}
