import type { LatestTopicAnswer } from '@papo/contract/chat';
import type { UserProfile } from '@papo/contract/profile';
import { topicRefusal } from '@papo/contract/peace';
import { rooms } from '@papo/contract/socket-events';
import type { FastifyInstance } from 'fastify';
import { httpError } from '../../lib/http-error.js';
import type { SharedCache } from '../../lib/shared-cache.js';
import { findUserProfile } from '../profile/service.js';
import { memberReadCache } from '../users/member-reads.js';
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

/** What latest-topic reads, each part from the node's memory (latest-topic-repo.ts says who announces what). */
export interface TopicReads {
  member(userId: number): Promise<UserProfile | undefined>;
  channel(name: string): Promise<TopicChannel | undefined>;
  standing(userId: number): Promise<TopicStanding>;
}

/** Members (and channels) a node keeps latest-topic's parts for, as for the other member reads. */
const maxKept = 5_000;

function kept<K extends string | number, V>(app: FastifyInstance, name: string, load: (key: K) => Promise<V | undefined>): SharedCache<K, V>['get'] {
  // NOTE: an app put together without the cache registry (a hand-built node of a cluster test) reads each time.
  if (!app.hasDecorator('caches')) return async (key) => ({ value: (await load(key))!, json: '', etag: '' });
  const cache = app.caches.cache<K, V>(name, load, { maxEntries: maxKept });
  return (key) => cache.get(key);
}

/** The node's latest-topic reads: the member's profile (the same kept read as `GET /api/userprofile`), the channel, the standing. */
export function topicReads(app: FastifyInstance): TopicReads {
  const profiles = memberReadCache<UserProfile>(app, 'profile', (userId) => findUserProfile(app.db, userId));
  const channels = kept<string, TopicChannel>(app, topicChannelCache, (name) => findTopicChannel(app.db, name));
  const standings = kept<number, TopicStanding>(app, topicStandingCache, (userId) => findTopicStanding(app.db, userId));
  return {
    member: async (userId) => (await profiles.get(userId))?.value,
    channel: async (name) => (await channels(name))?.value,
    standing: async (userId) => (await standings(userId))!.value,
  };
}

/** The channel's topic and the caller's standing in it; an unknown channel has no topic and level 0. */
export async function latestTopic(reads: TopicReads, userId: number, name: string): Promise<LatestTopicAnswer['data']> {
  // NOTE: three reads from memory (decision 020); a ban takes every power away there.
  const [member, channel, standing] = await Promise.all([reads.member(userId), reads.channel(name), reads.standing(userId)]);
  if (!member) throw httpError(404, 'user_not_found');
  const key = channel && String(channel.id);
  const banned = key !== undefined && banInForce(standing.bans[key], new Date().toISOString());
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

/**
 * Operators and above (and staff) set the topic, unless banned there; an empty one clears it.
 * Broadcasts `topic-updated`.
 */
export async function updateTopic(ctx: ChatContext, userId: number, name: string, content: string): Promise<void> {
  const { channel, actor } = await standIn(ctx, userId, name);
  const refusal = topicRefusal(actor.level);
  if (refusal) throw httpError(403, refusal);
  // NOTE: saveTopic announces the change to every node's latest-topic once written (latest-topic-repo.ts).
  await saveTopic(ctx.db, channel.id, content === '' ? null : content, actor.member.nickname, new Date().toISOString());
  ctx.rt.to(rooms.channel(channel.name)).emit('topic-updated', { content, channel: `#${channel.name}` });
}
