import type { LatestTopicAnswer } from '@papo/contract/chat';
import type { UserProfile } from '@papo/contract/profile';
import { topicRefusal } from '@papo/contract/peace';
import { rooms } from '@papo/contract/socket-events';
import type { FastifyInstance } from 'fastify';
import { LRUCache } from 'lru-cache';
import { httpError } from '../../lib/http-error.js';
import type { CachedValue } from '../../lib/conditional.js';
import { cachesOf, etagOf, type Maybe } from '../../lib/shared-cache.js';
import { profileReads } from '../profile/index.js';
import { saveTopic } from './channel-repo.js';
import type { ChatContext } from './context.js';
import {
  banInForce,
  findTopicChannel,
  findTopicStanding,
  topicChannelCache,
  topicStandingCache,
  type TopicChannel,
  type TopicStanding,
} from './latest-topic-repo.js';
import { effectiveLevel } from './ranks.js';
import { standIn } from './standing.js';

/** What latest-topic reads, each part from the node's memory, forgotten by what each part read (db/changes.ts). */
export interface TopicReads {
  member(userId: number): Promise<CachedValue<UserProfile> | undefined>;
  channel(name: string): Promise<CachedValue<TopicChannel> | undefined>;
  standing(userId: number): Promise<CachedValue<TopicStanding>>;
  /** The three parts when the node holds all of them now (no load, no promise); undefined means ask the reads above. */
  now?(
    userId: number,
    name: string,
  ):
    | { member: CachedValue<UserProfile>; channel: CachedValue<TopicChannel>; standing: CachedValue<TopicStanding> }
    | undefined;
}

/** Members (and channels) a node keeps latest-topic's parts for, as for the other member reads. */
const maxKept = 5_000;

/** The node's latest-topic reads: the member's profile (the same kept read as `GET /api/userprofile`), the channel, the standing. */
export function topicReads(app: FastifyInstance): TopicReads {
  const profiles = profileReads(app);
  const caches = cachesOf(app);
  const channels = caches.cache<string, TopicChannel>(topicChannelCache, (name) => findTopicChannel(app.db, name), {
    maxEntries: maxKept,
  });
  const standings = caches.cache<number, TopicStanding>(
    topicStandingCache,
    (userId) => findTopicStanding(app.db, userId),
    // a member's own rows only, so a level or ban of another member (in any channel) leaves it kept.
    { maxEntries: maxKept, rows: (userId) => ({ channel_levels: [userId], channel_bans: [userId] }) },
  );
  return {
    member: (userId) => profiles.get(userId),
    channel: (name) => channels.get(name),
    standing: async (userId) => {
      const standing = await standings.get(userId);
      // findTopicStanding answers for every member (no rows: no levels, no bans), so a load is never empty.
      if (!standing) throw new Error('a topic standing is always read');
      return standing;
    },
    now(userId, name) {
      const member = profiles.peek(userId);
      const channel = channels.peek(name);
      const standing = standings.peek(userId);
      return member && channel && standing ? { member, channel, standing } : undefined;
    },
  };
}

/** The channel's topic and the caller's standing in it, from its three parts, judged at `now` (ISO text). */
function topicAnswer(
  member: UserProfile,
  channel: TopicChannel | undefined,
  standing: TopicStanding,
  now: string,
): LatestTopicAnswer['data'] {
  const key = channel && String(channel.id);
  const banned = key !== undefined && banInForce(standing.bans[key], now);
  const usernameLower = member.username.toLowerCase();
  return {
    topic: channel?.topic ?? null,
    nickname: member.nicknames.find((nickname) => nickname.is_selected)?.nickname ?? member.username,
    has_nickname: member.nicknames.some((nickname) => nickname.nickname.toLowerCase() !== usernameLower),
    user_channel_level: banned ? 0 : effectiveLevel(key === undefined ? undefined : standing.levels[key], member.roles),
    topic_by: channel?.topicBy ?? null,
    topic_at: channel?.topicAt ?? null,
  };
}

/** What a latest-topic answer is made of: the member (gone: undefined), the channel (unknown: undefined), the standing. */
interface TopicParts {
  member: CachedValue<UserProfile> | undefined;
  channel: CachedValue<TopicChannel> | undefined;
  standing: CachedValue<TopicStanding>;
}

/** The three parts through the reads that may load them (a part not held, or not kept at all). */
async function readParts(reads: TopicReads, userId: number, name: string): Promise<TopicParts> {
  const [member, channel, standing] = await Promise.all([
    reads.member(userId),
    reads.channel(name),
    reads.standing(userId),
  ]);
  return { member, channel, standing };
}

/** A whole latest-topic answer as sent, with the three kept parts it was made from and until when it holds. */
interface KeptAnswer {
  member: CachedValue<UserProfile>;
  channel: CachedValue<TopicChannel> | undefined;
  standing: CachedValue<TopicStanding>;
  /** Epoch ms at which a ban in force there runs out (the answer's level changes then); Infinity without one. */
  until: number;
  answer: CachedValue<LatestTopicAnswer>;
}

/**
 * Whole latest-topic answers (`{status, data}`, its JSON made once) per member and channel, kept while the three
 * parts they were made from are the very values the node keeps now: a writer that drops a part (topic, level, ban,
 * profile, nickname) makes the next read build a new answer, on every node, without an announcement of its own; a
 * ban running out ends its answer at that instant. A part not kept (no cache registry, Redis not heard) is a new
 * value at each read, so such an answer is never reused; an unknown channel is read from the database each time, so
 * its founding is seen at the next read.
 */
export function latestTopicAnswers(
  reads: TopicReads,
): (userId: number, name: string) => Maybe<CachedValue<LatestTopicAnswer>> {
  const answers = new LRUCache<string, KeptAnswer>({ max: maxKept });
  const answerOf = (
    userId: number,
    name: string,
    { member, channel, standing }: TopicParts,
  ): CachedValue<LatestTopicAnswer> => {
    if (!member) throw httpError(404, 'user_not_found');
    const key = `${userId}\u0000${name}`;
    const now = Date.now();
    const held = answers.get(key);
    // a ban takes every power away in its channel, and its end changes the answer (`until`).
    if (held && held.member === member && held.channel === channel && held.standing === standing && now < held.until)
      return held.answer;
    const value: LatestTopicAnswer = {
      status: 'success',
      data: topicAnswer(member.value, channel?.value, standing.value, new Date(now).toISOString()),
    };
    const json = JSON.stringify(value);
    const answer = { value, json, etag: etagOf(json) };
    const ends = channel ? standing.value.bans[String(channel.value.id)] : undefined;
    const until =
      typeof ends === 'string' && banInForce(ends, new Date(now).toISOString())
        ? Date.parse(ends)
        : Number.POSITIVE_INFINITY;
    answers.set(key, { member, channel, standing, until, answer });
    return answer;
  };
  return (userId, name) => {
    // the usual case takes no promise: the node holds all three parts now.
    const parts = reads.now?.(userId, name);
    return parts
      ? answerOf(userId, name, parts)
      : readParts(reads, userId, name).then((read) => answerOf(userId, name, read));
  };
}

/**
 * Operators and above (and staff) set the topic, unless banned there; an empty one clears it.
 * Broadcasts `topic-updated` with the setter and the time, as latest-topic answers them.
 */
export async function updateTopic(ctx: ChatContext, userId: number, name: string, content: string): Promise<void> {
  const { channel, actor } = await standIn(ctx, userId, name);
  const refusal = topicRefusal(actor.level);
  if (refusal) throw httpError(403, refusal);
  // latest-topic's kept channel is forgotten on every node by the commit of this write (db/changes.ts).
  const by = actor.member.nickname;
  const at = new Date().toISOString();
  await saveTopic(ctx.db, channel.id, content === '' ? null : content, by, at);
  ctx.rt.to(rooms.channel(channel.name)).emit('topic-updated', { content, channel: `#${channel.name}`, by, at });
}
