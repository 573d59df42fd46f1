import type { RoomAck } from '@papo/contract/socket-events';
import { fetchRoomSockets, toOnlineUser, uniqueOnlineUsers } from './presence.js';
import { parseRoom, type RoomTarget } from './room-name.js';
import type { PapoSocket, RealtimeContext } from './types.js';

async function mayJoin(ctx: RealtimeContext, socket: PapoSocket, target: RoomTarget): Promise<RoomAck> {
  if (target.kind === 'channel') return { ok: true };
  // NOTE: without a membership checker nobody can prove membership, so nobody joins.
  if (!ctx.conversations) return { ok: false, message: 'not_a_member' };
  const member = await ctx.conversations.isMember(socket.data.userId, target.id);
  return member ? { ok: true } : { ok: false, message: 'not_a_member' };
}

/**
 * Puts the socket in the room, sends it the room's user list and, when this is
 * the user's first tab there, announces the user to the room.
 */
export async function joinRoom(ctx: RealtimeContext, socket: PapoSocket, value: unknown): Promise<RoomAck> {
  const target = parseRoom(value);
  if (!target) return { ok: false, message: 'invalid_room' };
  const allowed = await mayJoin(ctx, socket, target);
  if (!allowed.ok) return allowed;

  const present = await fetchRoomSockets(ctx, target.internal);
  // NOTE: the socket may have gone while we waited; joining it now would leave a ghost in the room.
  if (socket.disconnected) return { ok: false, message: 'disconnected' };
  // NOTE: this socket's own earlier join counts too, so joining twice announces nothing.
  const userAlreadyThere = present.some((s) => s.data.userId === socket.data.userId);
  void socket.join(target.internal);

  const users = uniqueOnlineUsers([...present.map((s) => s.data), socket.data]);
  socket.emit('users', users, target.client);
  if (!userAlreadyThere) {
    const user = toOnlineUser(socket.data);
    ctx.io.to(target.internal).emit('user-joined', { room: target.client, user, nickname: user.nickname, message: 'join' });
  }
  return { ok: true };
}
