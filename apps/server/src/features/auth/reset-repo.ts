import type { Db } from '../../db/schema.js';

/** Stores a new reset token; earlier unused ones are dropped so only the newest link works. */
export async function replaceResetToken(db: Db, userId: number, tokenHash: string, expiresAt: string): Promise<void> {
  await db.deleteFrom('password_reset_tokens').where('user_id', '=', userId).where('used_at', 'is', null).execute();
  await db
    .insertInto('password_reset_tokens')
    .values({ user_id: userId, token_hash: tokenHash, expires_at: expiresAt })
    .execute();
}

/** Spends a live token (unused, not expired) and answers its account; undefined for anything else. */
export async function consumeResetToken(db: Db, tokenHash: string, now: string): Promise<number | undefined> {
  const row = await db
    .updateTable('password_reset_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id;
}
