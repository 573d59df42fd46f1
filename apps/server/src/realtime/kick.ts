import { rooms, type UserKickedEvent } from '@papo/contract/socket-events';
import { parseRoom } from './room-name.js';
import type { RealtimeContext } from './types.js';

/**
 * KICK for real: the room and the user's own tabs get the `user-kicked` system line, then every
 * socket of the user, on every node, leaves the channel's room. Presence then tells the room
 * `user-left` (after the kick line, so a client that only knows the spec's events drops the user too).
 */
export function kickFromChannel(ctx: RealtimeContext, kick: UserKickedEvent): void {
  const target = parseRoom(kick.channel);
  if (target?.kind !== 'channel') throw new Error(`not a channel: ${kick.channel}`);
  const own = rooms.user(kick.userId);
  ctx.to([target.internal, own]).emit('user-kicked', kick);
  ctx.io.in(own).socketsLeave(target.internal);
  // a member whose tab had just dropped is out at once too, not when their place would have waited for them.
  ctx.presence.leaveNow(target.internal, kick.userId);
}
