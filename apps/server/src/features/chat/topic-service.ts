import { operatorLevel, type LatestTopicAnswer } from '@papo/contract/chat';
import { rooms } from '@papo/contract/socket-events';
import { httpError } from '../../lib/http-error.js';
import { hasNickname } from '../nicknames/repo.js';
import { findChannel, saveTopic } from './channel-repo.js';
import type { ChatContext } from './context.js';
import { findLevels } from './level-repo.js';
import { findMember, type Member } from './member-repo.js';
import { effectiveLevel } from './ranks.js';

async function requireMember(ctx: ChatContext, userId: number): Promise<Member> {
  const member = await findMember(ctx.db, userId);
  if (!member) throw httpError(404, 'user_not_found');
  return member;
}

/** The channel's topic and the caller's standing in it; an unknown channel has no topic and level 0. */
export async function latestTopic(ctx: ChatContext, userId: number, name: string): Promise<LatestTopicAnswer['data']> {
  const [member, channel, ownsNickname] = await Promise.all([
    requireMember(ctx, userId),
    findChannel(ctx.db, name),
    hasNickname(ctx.db, userId),
  ]);
  const stored = channel ? (await findLevels(ctx.db, channel.id, [userId])).get(userId) : undefined;
  return {
    topic: channel?.topic ?? null,
    nickname: member.nickname,
    has_nickname: ownsNickname,
    user_channel_level: effectiveLevel(stored, member.roles),
    topic_by: channel?.topicBy ?? null,
    topic_at: channel?.topicAt ?? null,
  };
}

/** Operators and above (and staff) set the topic; an empty one clears it. Broadcasts `topic-updated`. */
export async function updateTopic(ctx: ChatContext, userId: number, name: string, content: string): Promise<void> {
  const [member, channel] = await Promise.all([requireMember(ctx, userId), findChannel(ctx.db, name)]);
  if (!channel) throw httpError(404, 'channel_not_found');
  const level = effectiveLevel((await findLevels(ctx.db, channel.id, [userId])).get(userId), member.roles);
  if (level < operatorLevel) throw httpError(403, 'not_channel_operator');
  await saveTopic(ctx.db, channel.id, content === '' ? null : content, member.nickname, new Date().toISOString());
  ctx.rt.io.to(rooms.channel(channel.name)).emit('topic-updated', { content, channel: `#${channel.name}` });
}
