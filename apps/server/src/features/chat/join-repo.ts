import type { Kysely } from 'kysely';
import { memberName } from '../../db/member-name.js';
import { reusableQueryOf } from '../../db/reusable-query.js';
import type { Database } from '../../db/schema.js';

/** What a channel join needs to know, read in one query. */
export interface JoinStanding {
  /** The name the joiner chats under (selected nickname, else username); undefined for an unknown user. */
  nickname: string | undefined;
  /** A ban of the joiner in force at `now`. */
  banned: boolean;
  /** Every stored level of the channel by user id. */
  levels: Map<number, number>;
}

/**
 * The joiner's columns (repeated), their ban in force and one row per stored level of the channel. Built and
 * compiled once per database: a node restart brings every member's join to each of their open channels at once,
 * and Kysely's building and compiling cost more than SQLite's running of it.
 */
const standingQuery = reusableQueryOf(
  ['number', 'string', 'string'],
  (db: Kysely<Database>, userId: number, channelName: string, now: string) =>
    db
      .selectFrom('channels')
      .leftJoin('users', (join) => join.on('users.id', '=', userId))
      .leftJoin('channel_bans', (join) =>
        join
          .onRef('channel_bans.channel_id', '=', 'channels.id')
          .on('channel_bans.user_id', '=', userId)
          .on((eb) => eb.or([eb('channel_bans.expires_at', 'is', null), eb('channel_bans.expires_at', '>', now)])),
      )
      .leftJoin('channel_levels', 'channel_levels.channel_id', 'channels.id')
      .select((eb) => [
        // null when the user row is missing (the left join found nobody), whatever the helper's type says.
        memberName(eb).$castTo<string | null>().as('name'),
        'channel_bans.user_id as banned_user_id',
        'channel_levels.user_id as level_user_id',
        'channel_levels.level',
      ])
      .where('channels.name', '=', channelName),
);

/**
 * The joiner's name, whether the joiner is banned from the channel at `now` (ISO text) and every stored level
 * of the channel; undefined when the channel does not exist. One query rather than four, because a node
 * restart brings every member's join at once; one row per level holder (a few), the joiner's columns repeated.
 */
export async function findJoinStanding(
  db: Kysely<Database>,
  userId: number,
  channelName: string,
  now: string,
): Promise<JoinStanding | undefined> {
  const rows = await standingQuery(db, userId, channelName, now);
  const [first] = rows;
  if (!first) return undefined;
  const levels = new Map<number, number>();
  for (const row of rows)
    if (row.level_user_id !== null && row.level !== null) levels.set(row.level_user_id, row.level);
  return { nickname: first.name ?? undefined, banned: first.banned_user_id !== null, levels };
}
