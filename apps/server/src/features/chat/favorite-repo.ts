import type { Kysely } from 'kysely';
import { reusableQuery } from '../../db/reusable-query.js';
import type { Database } from '../../db/schema.js';
import { favoriteNamesOf } from '../users/index.js';

type Db = Kysely<Database>;

/** The user's favourite channels with the leading '#', in the order they were added. */
export async function listFavoriteChannels(db: Db, userId: number): Promise<string[]> {
  const rows = await favoritesQuery(db, userId);
  return rows.map((row) => `#${row.name}`);
}

// read on every page load: compiled once (decision 012).
const favoritesQuery = reusableQuery(favoriteNamesOf);

/**
 * Adding a favourite twice keeps the first one (and its place in the order). Its time is after the member's latest
 * favourite's, so two added within one millisecond still list in the order they were added.
 */
export async function addFavoriteChannel(db: Db, userId: number, channelId: number): Promise<void> {
  const latest = await db
    .selectFrom('favorite_channels')
    .select((eb) => eb.fn.max('created_at').as('at'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  const after = latest?.at ? Date.parse(latest.at) + 1 : 0;
  await db
    .insertInto('favorite_channels')
    .values({ user_id: userId, channel_id: channelId, created_at: new Date(Math.max(Date.now(), after)).toISOString() })
    .onConflict((oc) => oc.columns(['user_id', 'channel_id']).doNothing())
    .execute();
}

export async function removeFavoriteChannel(db: Db, userId: number, channelId: number): Promise<void> {
  await db.deleteFrom('favorite_channels').where('user_id', '=', userId).where('channel_id', '=', channelId).execute();
}
