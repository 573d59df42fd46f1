import type { RoomAck } from '@papo/contract/socket-events';
import { userStillInRoom } from './presence.js';
import { parseRoom } from './room-name.js';
import type { PapoSocket, RealtimeContext } from './types.js';

/** Tells the room the user left, unless another tab of theirs is still in it (on any node). */
export async function announceLeftIfGone(
  ctx: RealtimeContext,
  userId: number,
  internal: string,
  client: string,
  leavingSocketId: string,
): Promise<void> {
  if (await userStillInRoom(ctx, internal, userId, leavingSocketId)) return;
  ctx.io.to(internal).emit('user-left', userId, client);
}

/** Takes the socket out of the room; leaving a room one is not in is a harmless no-op. */
export async function leaveRoom(ctx: RealtimeContext, socket: PapoSocket, value: unknown): Promise<RoomAck> {
  const target = parseRoom(value);
  if (!target) return { ok: false, message: 'invalid_room' };
  if (!socket.rooms.has(target.internal)) return { ok: true };
  void socket.leave(target.internal);
  await announceLeftIfGone(ctx, socket.data.userId, target.internal, target.client, socket.id);
  return { ok: true };
}
