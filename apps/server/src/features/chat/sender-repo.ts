import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { parseRoles } from '../../db/values.js';
import type { Member } from '../users/index.js';
import { memberName } from '../../db/member-name.js';

/** Everything a channel message needs to know about its sender, read in one query. */
export interface SenderStanding {
  member: Member;
  /** Undefined when the channel does not exist. */
  channelId: number | undefined;
  storedLevel: number | undefined;
  banned: boolean;
}

/**
 * The sender, their selected nickname, the channel, their stored level in it and whether a ban is in
 * force at `now`. One query rather than four, because it runs for every message relayed.
 */
export async function findSenderStanding(
  db: Kysely<Database>,
  userId: number,
  channelName: string,
  now: string,
): Promise<SenderStanding | undefined> {
  const row = await db
    .selectFrom('users')
    .leftJoin('channels', (join) => join.on('channels.name', '=', channelName))
    .leftJoin('channel_levels', (join) =>
      join.onRef('channel_levels.channel_id', '=', 'channels.id').onRef('channel_levels.user_id', '=', 'users.id'),
    )
    .leftJoin('channel_bans', (join) =>
      join
        .onRef('channel_bans.channel_id', '=', 'channels.id')
        .onRef('channel_bans.user_id', '=', 'users.id')
        .on((eb) => eb.or([eb('channel_bans.expires_at', 'is', null), eb('channel_bans.expires_at', '>', now)])),
    )
    .select((eb) => [
      'users.id',
      'users.roles',
      memberName(eb).as('name'),
      'channels.id as channel_id',
      'channel_levels.level',
      'channel_bans.user_id as banned_user_id',
    ])
    .where('users.id', '=', userId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    member: { id: row.id, nickname: row.name, roles: parseRoles(row.roles) },
    channelId: row.channel_id ?? undefined,
    storedLevel: row.level ?? undefined,
    banned: row.banned_user_id !== null,
  };
}
