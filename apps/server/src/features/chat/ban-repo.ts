import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { topicStandingChanged } from './latest-topic-repo.js';

type Db = Kysely<Database> | Transaction<Database>;

export interface NewBan {
  channelId: number;
  userId: number;
  byUserId: number;
  /** The setter's rank when banning (staff at the staff level). */
  byLevel: number;
  reason: string | null;
  /** ISO-8601 UTC, or null for a ban that lasts until lifted. */
  expiresAt: string | null;
}

/** Who set a ban in force, and with what rank (`byUserId` null once their account is gone). */
export interface ActiveBan {
  byUserId: number | null;
  byLevel: number;
}

/**
 * The user's ban in the channel in force at `now` (ISO text). NOTE: timestamps are ISO-8601 UTC
 * text on both dialects (decision 002), so comparing them as text compares the instants.
 */
export async function findActiveBan(db: Db, channelId: number, userId: number, now: string): Promise<ActiveBan | undefined> {
  const row = await db
    .selectFrom('channel_bans')
    .select(['by_user_id', 'by_level'])
    .where('channel_id', '=', channelId)
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .executeTakeFirst();
  return row && { byUserId: row.by_user_id, byLevel: row.by_level };
}

/** Whether the user is banned from the channel at `now` (ISO text). */
export async function isBanned(db: Db, channelId: number, userId: number, now: string): Promise<boolean> {
  return Boolean(await findActiveBan(db, channelId, userId, now));
}

/** Bans the user, replacing an earlier ban of theirs in that channel. */
export async function saveBan(db: Db, ban: NewBan): Promise<void> {
  const values = { by_user_id: ban.byUserId, by_level: ban.byLevel, reason: ban.reason, expires_at: ban.expiresAt };
  await db
    .insertInto('channel_bans')
    .values({ channel_id: ban.channelId, user_id: ban.userId, ...values })
    .onConflict((oc) => oc.columns(['channel_id', 'user_id']).doUpdateSet(values))
    .execute();
  // NOTE: latest-topic keeps each member's bans in memory; inside a transaction the caller announces after its commit.
  if (!db.isTransaction) await topicStandingChanged(db, ban.userId);
}

/** Removes the user's ban row in the channel, in force or expired. */
export async function deleteBan(db: Db, channelId: number, userId: number): Promise<void> {
  await db.deleteFrom('channel_bans').where('channel_id', '=', channelId).where('user_id', '=', userId).execute();
  if (!db.isTransaction) await topicStandingChanged(db, userId);
}
