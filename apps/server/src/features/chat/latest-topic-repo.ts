import type { Kysely } from 'kysely';
import { memberName } from '../../db/member-name.js';
import { reusableQueryOf } from '../../db/reusable-query.js';
import type { Database } from '../../db/schema.js';
import { parseRoles } from '../../db/values.js';
import type { Member } from './member-repo.js';

/** What `latest-topic` reads, in one query: the member, the channel (when it exists) and the member's standing in it. */
export interface TopicStanding {
  member: Member;
  /** Whether the member owns a nickname other than their username. */
  hasNickname: boolean;
  channel: { topic: string | null; topicBy: string | null; topicAt: string | null; level: number | undefined; banned: boolean } | undefined;
}

/**
 * The member's row, nickname ownership, the channel's topic, their stored level there and whether a ban is in
 * force at `now`: one round trip, compiled once, instead of five queries built per call (decision 020).
 * Undefined when the member does not exist.
 */
export async function findTopicStanding(db: Kysely<Database>, userId: number, channel: string, now: string): Promise<TopicStanding | undefined> {
  const [row] = await standingQuery(db, userId, channel, now);
  if (!row) return undefined;
  return {
    member: { id: row.id, nickname: row.name, roles: parseRoles(row.roles) },
    hasNickname: Boolean(row.has_nickname),
    channel:
      row.channel_id === null
        ? undefined
        : { topic: row.topic, topicBy: row.topic_by, topicAt: row.topic_at, level: row.level ?? undefined, banned: Boolean(row.banned) },
  };
}

const standingQuery = reusableQueryOf(['number', 'string', 'string'], (db: Kysely<Database>, userId: number, channel: string, now: string) =>
  db
    .selectFrom('users')
    .leftJoin('channels as c', (join) => join.on('c.name', '=', channel))
    .select((eb) => [
      'users.id',
      'users.roles',
      memberName(eb).as('name'),
      eb
        .exists(
          eb
            .selectFrom('nicknames')
            .select('nicknames.id')
            .whereRef('nicknames.user_id', '=', 'users.id')
            .whereRef('nicknames.nickname_lower', '!=', 'users.username_lower'),
        )
        .as('has_nickname'),
      'c.id as channel_id',
      'c.topic',
      'c.topic_by',
      'c.topic_at',
      eb
        .selectFrom('channel_levels')
        .select('channel_levels.level')
        .whereRef('channel_levels.channel_id', '=', 'c.id')
        .whereRef('channel_levels.user_id', '=', 'users.id')
        .as('level'),
      eb
        .exists(
          eb
            .selectFrom('channel_bans')
            .select('channel_bans.user_id')
            .whereRef('channel_bans.channel_id', '=', 'c.id')
            .whereRef('channel_bans.user_id', '=', 'users.id')
            .where((ban) => ban.or([ban('channel_bans.expires_at', 'is', null), ban('channel_bans.expires_at', '>', now)])),
        )
        .as('banned'),
    ])
    .where('users.id', '=', userId),
);
