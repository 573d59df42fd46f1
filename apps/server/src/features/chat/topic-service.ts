import { operatorLevel, type LatestTopicAnswer } from '@papo/contract/chat';
import { rooms } from '@papo/contract/socket-events';
import { httpError } from '../../lib/http-error.js';
import { hasNickname } from '../nicknames/repo.js';
import { isBanned } from './ban-repo.js';
import { findChannel, saveTopic } from './channel-repo.js';
import type { ChatContext } from './context.js';
import { findLevels } from './level-repo.js';
import { findMember, type Member } from './member-repo.js';
import { effectiveLevel } from './ranks.js';
import { standIn } from './standing.js';

async function requireMember(ctx: ChatContext, userId: number): Promise<Member> {
  const member = await findMember(ctx.db, userId);
  if (!member) throw httpError(404, 'user_not_found');
  return member;
}

/** The level the member acts with in the channel: 0 while banned there (a ban takes every power away). */
async function actingLevel(ctx: ChatContext, member: Member, channelId: number): Promise<number> {
  const [levels, banned] = await Promise.all([
    findLevels(ctx.db, channelId, [member.id]),
    isBanned(ctx.db, channelId, member.id, new Date().toISOString()),
  ]);
  return banned ? 0 : effectiveLevel(levels.get(member.id), member.roles);
}

/** The channel's topic and the caller's standing in it; an unknown channel has no topic and level 0. */
export async function latestTopic(ctx: ChatContext, userId: number, name: string): Promise<LatestTopicAnswer['data']> {
  const [member, channel, ownsNickname] = await Promise.all([
    requireMember(ctx, userId),
    findChannel(ctx.db, name),
    hasNickname(ctx.db, userId),
  ]);
  return {
    topic: channel?.topic ?? null,
    nickname: member.nickname,
    has_nickname: ownsNickname,
    user_channel_level: channel ? await actingLevel(ctx, member, channel.id) : effectiveLevel(undefined, member.roles),
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
  if (actor.level < operatorLevel) throw httpError(403, 'not_channel_operator');
  await saveTopic(ctx.db, channel.id, content === '' ? null : content, actor.member.nickname, new Date().toISOString());
  ctx.rt.io.to(rooms.channel(channel.name)).emit('topic-updated', { content, channel: `#${channel.name}` });
}
