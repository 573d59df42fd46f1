import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/**
 * The names (without '#') of a member's favourite channels in the order added. Chat lists them and the profile embeds
 * them in its one query, so the query lives with the member's other reads, below both.
 */
export function favoriteNamesOf(db: Kysely<Database>, userId: number) {
  return db
    .selectFrom('favorite_channels')
    .innerJoin('channels', 'channels.id', 'favorite_channels.channel_id')
    .select('channels.name')
    .where('favorite_channels.user_id', '=', userId)
    .orderBy('favorite_channels.created_at')
    .orderBy('channels.name');
}
