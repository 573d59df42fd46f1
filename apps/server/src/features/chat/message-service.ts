import { randomUUID } from 'node:crypto';
import { operatorLevel, type SendMessageInput } from '@papo/contract/chat';
import { rooms, type ChannelMessage } from '@papo/contract/socket-events';
import { httpError } from '../../lib/http-error.js';
import { userIsInRoom } from '../../realtime/presence.js';
import { isBanned } from './ban-repo.js';
import { findChannel } from './channel-repo.js';
import type { ChatContext } from './context.js';
import { findLevels } from './level-repo.js';
import { findMember } from './member-repo.js';
import { notifyMentions } from './mentions.js';
import { effectiveLevel } from './ranks.js';

/**
 * Relays one channel message: checks ban, presence in the room and flood control, then broadcasts
 * `new-message` under the sender's own selected nickname. NOTE: the text is relayed and forgotten:
 * nothing here stores it or logs it (DESIGN §1.5).
 */
export async function sendChannelMessage(ctx: ChatContext, userId: number, input: SendMessageInput): Promise<ChannelMessage> {
  const [channel, sender] = await Promise.all([findChannel(ctx.db, input.channel), findMember(ctx.db, userId)]);
  if (!sender) throw httpError(404, 'user_not_found');
  if (!channel) throw httpError(403, 'not_in_channel');
  const room = rooms.channel(channel.name);
  if (await isBanned(ctx.db, channel.id, userId, new Date().toISOString())) throw httpError(403, 'banned');
  if (!(await userIsInRoom(ctx.rt, userId, room))) throw httpError(403, 'not_in_channel');

  const level = effectiveLevel((await findLevels(ctx.db, channel.id, [userId])).get(userId), sender.roles);
  // NOTE: operators and staff keep order in a channel, so flood control never silences them.
  if (level < operatorLevel && !(await ctx.flood.take(`${channel.id}:${userId}`))) throw httpError(429, 'flood_limit');

  const message: ChannelMessage = {
    id: randomUUID(),
    channel: `#${channel.name}`,
    username: sender.nickname,
    text: input.text,
    level,
    timestamp: new Date().toISOString(),
    ...(input.kind ? { kind: input.kind } : {}),
  };
  ctx.rt.io.to(room).emit('new-message', message);
  notifyMentions(ctx, channel.name, sender, input.text).catch((error: unknown) =>
    ctx.rt.warn('mention_lookup_failed', error instanceof Error ? error.name : 'error'),
  );
  return message;
}
