import type { ChannelBan } from '@papo/contract/channel-bans';
import { sql } from 'kysely';
import { memberName } from '../../db/member-name.js';
import type { Db } from '../../db/schema.js';

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
 * The user's ban in the channel in force at `now` (ISO text). Timestamps are ISO-8601 UTC
 * text on both dialects (decision 002), so comparing them as text compares the instants.
 */
export async function findActiveBan(
  db: Db,
  channelId: number,
  userId: number,
  now: string,
): Promise<ActiveBan | undefined> {
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
}

/** Removes the user's ban row in the channel, in force or expired. */
export async function deleteBan(db: Db, channelId: number, userId: number): Promise<void> {
  await db.deleteFrom('channel_bans').where('channel_id', '=', channelId).where('user_id', '=', userId).execute();
}

/** A ban in force as operators see it: the banned member and the setter by the names they chat under. */
export type ListedBan = ChannelBan;

/** The channel's bans in force at `now` (ISO text), newest first. Served by the (channel_id, user_id) key. */
export async function listActiveBans(db: Db, channelId: number, now: string): Promise<ListedBan[]> {
  const rows = await db
    .selectFrom('channel_bans')
    .innerJoin('users', 'users.id', 'channel_bans.user_id')
    .leftJoin('users as setter', 'setter.id', 'channel_bans.by_user_id')
    .select((eb) => [
      'channel_bans.user_id',
      'channel_bans.reason',
      'channel_bans.created_at',
      'channel_bans.expires_at',
      memberName(eb).as('nickname'),
      eb.fn
        .coalesce(
          eb
            .selectFrom('nicknames')
            .select('nickname')
            .whereRef('nicknames.user_id', '=', 'setter.id')
            .where('is_selected', '=', sql.lit(1))
            .limit(sql.lit(1)),
          eb.ref('setter.username'),
        )
        .as('by'),
    ])
    .where('channel_bans.channel_id', '=', channelId)
    .where((eb) => eb.or([eb('channel_bans.expires_at', 'is', null), eb('channel_bans.expires_at', '>', now)]))
    .orderBy('channel_bans.created_at', 'desc')
    .orderBy('channel_bans.user_id')
    .execute();
  return rows.map((row) => ({
    userId: row.user_id,
    nickname: row.nickname,
    by: row.by ?? null,
    reason: row.reason,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
  }));
}
