import type { Kysely } from 'kysely';
import { reusableQueryOf } from '../../db/reusable-query.js';
import type { Database } from '../../db/schema.js';

/**
 * What `latest-topic` reads, kept in memory (decision 020) in three parts, each forgotten on every node by a commit
 * that writes a table it read (decision 053, db/changes.ts):
 *
 * | part | cache | key | read from |
 * |---|---|---|---|
 * | the member: name, nicknames, roles | the profile member read (`member-profile`) | user id | users, nicknames (the member's rows) |
 * | the channel: id and topic | `topic-channel` | channel name | channels; a missing channel is not kept |
 * | the member's levels and bans, every channel | `topic-standing` | user id | channel_levels, channel_bans (the member's rows) |
 *
 * A ban is kept with its end and judged at each read, so one running out needs no write.
 */
export const topicChannelCache = 'topic-channel';
export const topicStandingCache = 'topic-standing';

/** A channel as latest-topic shows it. */
export interface TopicChannel {
  id: number;
  topic: string | null;
  topicBy: string | null;
  topicAt: string | null;
}

/** A member's stored levels and bans (in force or not: each with its end, null for none), by channel id. */
export interface TopicStanding {
  levels: Record<string, number>;
  bans: Record<string, string | null>;
}

const channelQuery = reusableQueryOf(['string'], (db: Kysely<Database>, name: string) =>
  db.selectFrom('channels').select(['id', 'topic', 'topic_by', 'topic_at']).where('name', '=', name),
);

const levelsQuery = reusableQueryOf(['number'], (db: Kysely<Database>, userId: number) =>
  db.selectFrom('channel_levels').select(['channel_id', 'level']).where('user_id', '=', userId),
);

const bansQuery = reusableQueryOf(['number'], (db: Kysely<Database>, userId: number) =>
  db.selectFrom('channel_bans').select(['channel_id', 'expires_at']).where('user_id', '=', userId),
);

/** The channel's id and topic; undefined when there is no such channel (not kept: a founded one is found next time). */
export async function findTopicChannel(db: Kysely<Database>, name: string): Promise<TopicChannel | undefined> {
  const [row] = await channelQuery(db, name);
  return row && { id: row.id, topic: row.topic, topicBy: row.topic_by, topicAt: row.topic_at };
}

/** Every stored level and ban row of the member (a member has a few; compiled once, two round trips on a miss). */
export async function findTopicStanding(db: Kysely<Database>, userId: number): Promise<TopicStanding> {
  const [levels, bans] = await Promise.all([levelsQuery(db, userId), bansQuery(db, userId)]);
  return {
    levels: Object.fromEntries(levels.map((row) => [String(row.channel_id), row.level])),
    bans: Object.fromEntries(bans.map((row) => [String(row.channel_id), row.expires_at])),
  };
}

/** Whether a ban row (its end, from `TopicStanding.bans`) is in force at `now` (ISO text, compared as text: decision 002). */
export function banInForce(ends: string | null | undefined, now: string): boolean {
  return ends === null || (ends !== undefined && ends > now);
}
