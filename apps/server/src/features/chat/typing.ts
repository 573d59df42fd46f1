import { rooms } from '@papo/contract/socket-events';
import { httpError } from '../../lib/http-error.js';
import { userIsInRoom } from '../../realtime/presence.js';
import type { ChatContext } from './context.js';
import { findSenderStanding } from './sender-repo.js';

/**
 * Tells a channel's other members that `userId` is typing there (or stopped), under their nickname, on every node
 * through the room. Only a member in the channel and not banned is heard. IRC links hear it and say nothing: IRC has
 * no typing without message-tags, and Papo sends none to channels.
 */
export async function sendChannelTyping(
  ctx: Pick<ChatContext, 'db' | 'rt'>,
  userId: number,
  input: { channel: string; isTyping: boolean },
): Promise<void> {
  const standing = await findSenderStanding(ctx.db, userId, input.channel, new Date().toISOString());
  if (!standing) throw httpError(404, 'user_not_found');
  if (standing.channelId === undefined) throw httpError(403, 'not_in_channel');
  if (standing.banned) throw httpError(403, 'banned');
  const room = rooms.channel(input.channel);
  if (!(await userIsInRoom(ctx.rt, userId, room))) throw httpError(403, 'not_in_channel');
  // every tab of the typist is left out, the one typing and any other it has open; after any line the typist sent.
  ctx.rt
    .to(room)
    .except(rooms.user(userId))
    .emit('typing', { is_typing: input.isTyping, username: standing.member.nickname, channel: `#${input.channel}` });
}
