import type { Kysely } from 'kysely';
import { reusableQueryOf } from '../../db/reusable-query.js';
import type { Database } from '../../db/schema.js';
import { forgetAfterCommit } from '../../lib/shared-cache.js';

/**
 * What `latest-topic` reads, kept in memory (decision 020) in three parts, each with its
 * writers announcing after their commit:
 *
 * | part | cache | key | writers (announce with) |
 * |---|---|---|---|
 * | the member: name, nicknames, roles | the profile member read (`member-profile`) | user id | every writer of `users`/`nicknames` (`memberChanged`) |
 * | the channel: id and topic | `topic-channel` | channel name | the topic (`saveTopic` → `topicChannelsChanged`); a missing channel is not kept, so founding one needs no announcement |
 * | the member's levels and bans, every channel | `topic-standing` | user id | `saveLevel`, `saveBan`, `deleteBan` outside a transaction; the level service and founding after theirs (`topicStandingChanged`) |
 *
 * A ban is kept with its end and judged at each read, so one running out needs no write. `topic-cache.test.ts` fails
 * when a file writing `channels`, `channel_levels` or `channel_bans` neither announces nor is named there with its reason.
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

/** A topic was written: every node forgets the channels it keeps (a handful of rows, read again on demand). */
export function topicChannelsChanged(db: { readonly isTransaction: boolean }): Promise<void> {
  return forgetAfterCommit(db, topicChannelCache);
}

/** These members' levels or bans were written: every node forgets their standing. */
export function topicStandingChanged(
  db: { readonly isTransaction: boolean },
  userIds: number | readonly number[],
): Promise<void> {
  return forgetAfterCommit(db, topicStandingCache, typeof userIds === 'number' ? [userIds] : userIds);
}
