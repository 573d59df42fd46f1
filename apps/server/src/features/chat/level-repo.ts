import type { Db } from '../../db/schema.js';

/** Stored levels of the given users in one channel; users without a row are left out (level 0). */
export async function findLevels(db: Db, channelId: number, userIds: readonly number[]): Promise<Map<number, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('channel_levels')
    .select(['user_id', 'level'])
    .where('channel_id', '=', channelId)
    .where('user_id', 'in', userIds)
    .execute();
  return new Map(rows.map((row) => [row.user_id, row.level]));
}

/**
 * Level 0 removes the row; any other level inserts or replaces it. The data layer tells the member's row to every
 * node's kept standings at the commit (decision 053).
 */
export async function saveLevel(db: Db, channelId: number, userId: number, level: number): Promise<void> {
  if (level === 0) {
    await db.deleteFrom('channel_levels').where('channel_id', '=', channelId).where('user_id', '=', userId).execute();
  } else {
    await db
      .insertInto('channel_levels')
      .values({ channel_id: channelId, user_id: userId, level })
      .onConflict((oc) => oc.columns(['channel_id', 'user_id']).doUpdateSet({ level }))
      .execute();
  }
}
