import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

export interface NewBan {
  channelId: number;
  userId: number;
  byUserId: number;
  reason: string | null;
  /** ISO-8601 UTC, or null for a ban that lasts until lifted. */
  expiresAt: string | null;
}

/**
 * Whether the user is banned from the channel at `now` (ISO text). NOTE: timestamps are ISO-8601 UTC
 * text on both dialects (decision 002), so comparing them as text compares the instants.
 */
export async function isBanned(db: Db, channelId: number, userId: number, now: string): Promise<boolean> {
  const row = await db
    .selectFrom('channel_bans')
    .select('user_id')
    .where('channel_id', '=', channelId)
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .executeTakeFirst();
  return Boolean(row);
}

/** Bans the user, replacing an earlier ban of theirs in that channel. */
export async function saveBan(db: Db, ban: NewBan): Promise<void> {
  const values = { by_user_id: ban.byUserId, reason: ban.reason, expires_at: ban.expiresAt };
  await db
    .insertInto('channel_bans')
    .values({ channel_id: ban.channelId, user_id: ban.userId, ...values })
    .onConflict((oc) => oc.columns(['channel_id', 'user_id']).doUpdateSet(values))
    .execute();
}

/** Lifts the user's ban; answers whether an active one was lifted (an expired row is removed too). */
export async function deleteBan(db: Db, channelId: number, userId: number, now: string): Promise<boolean> {
  const active = await isBanned(db, channelId, userId, now);
  await db.deleteFrom('channel_bans').where('channel_id', '=', channelId).where('user_id', '=', userId).execute();
  return active;
}
