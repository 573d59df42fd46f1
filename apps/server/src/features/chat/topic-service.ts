import type { LatestTopicAnswer } from '@papo/contract/chat';
import { topicRefusal } from '@papo/contract/peace';
import { rooms } from '@papo/contract/socket-events';
import { httpError } from '../../lib/http-error.js';
import { saveTopic } from './channel-repo.js';
import type { ChatContext } from './context.js';
import { findTopicStanding } from './latest-topic-repo.js';
import { effectiveLevel } from './ranks.js';
import { standIn } from './standing.js';

/** The channel's topic and the caller's standing in it; an unknown channel has no topic and level 0. */
export async function latestTopic(ctx: ChatContext, userId: number, name: string): Promise<LatestTopicAnswer['data']> {
  // NOTE: one query for all of it (decision 020); a ban takes every power away there.
  const standing = await findTopicStanding(ctx.db, userId, name, new Date().toISOString());
  if (!standing) throw httpError(404, 'user_not_found');
  const { member, channel } = standing;
  return {
    topic: channel?.topic ?? null,
    nickname: member.nickname,
    has_nickname: standing.hasNickname,
    user_channel_level: channel?.banned ? 0 : effectiveLevel(channel?.level, member.roles),
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
  await saveTopic(ctx.db, channel.id, content === '' ? null : content, actor.member.nickname, new Date().toISOString());
  ctx.rt.to(rooms.channel(channel.name)).emit('topic-updated', { content, channel: `#${channel.name}` });
}
