import { randomUUID } from 'node:crypto';
import { chatLimits, operatorLevel, type SendMessageInput } from '@papo/contract/chat';
import { rooms, type ChannelMessage } from '@papo/contract/socket-events';
import { httpError, retryAfter } from '../../lib/http-error.js';
import { userIsInRoom } from '../../realtime/presence.js';
import type { ChatContext } from './context.js';
import { notifyMentions } from './mentions.js';
import { effectiveLevel } from './ranks.js';
import { findSenderStanding } from './sender-repo.js';

/**
 * Relays one channel message: checks ban, presence in the room and flood control, then broadcasts
 * `new-message` under the sender's own selected nickname. The text is relayed, kept in memory for the replay
 * window only, and forgotten: nothing here stores it or logs it.
 */
export async function sendChannelMessage(
  ctx: ChatContext,
  userId: number,
  input: SendMessageInput,
): Promise<ChannelMessage> {
  const standing = await findSenderStanding(ctx.db, userId, input.channel, new Date().toISOString());
  if (!standing) throw httpError(404, 'user_not_found');
  const { member: sender, channelId } = standing;
  if (channelId === undefined) throw httpError(403, 'not_in_channel');
  if (standing.banned) throw httpError(403, 'banned');
  const room = rooms.channel(input.channel);
  if (!(await userIsInRoom(ctx.rt, userId, room))) throw httpError(403, 'not_in_channel');
  // with Redis away the line would reach this node's sockets only: refused, the sender retries (decision 038).
  if (!(await ctx.rt.reachesOtherNodes())) throw retryAfter(httpError(503, 'message_not_delivered'), 5);

  const level = effectiveLevel(standing.storedLevel, sender.roles);
  // operators and staff keep order in a channel, so flood control never silences them.
  if (level < operatorLevel && !(await ctx.flood.take(`${channelId}:${userId}`))) {
    // one token comes back every 1/floodPerSecond seconds; that is when the next message goes through.
    throw retryAfter(httpError(429, 'flood_limit'), 1 / chatLimits.floodPerSecond);
  }

  const message: ChannelMessage = {
    id: randomUUID(),
    channel: `#${input.channel}`,
    username: sender.nickname,
    text: input.text,
    level,
    timestamp: new Date().toISOString(),
    ...(input.kind ? { kind: input.kind } : {}),
  };
  ctx.rt.outbox.message(room, message);
  ctx.replay.record(room, [message]);
  notifyMentions(ctx, input.channel, sender, input.text).catch((error: unknown) =>
    ctx.rt.warn('mention_lookup_failed', error instanceof Error ? error.name : 'error'),
  );
  return message;
}
