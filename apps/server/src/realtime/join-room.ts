import type { RoomAck } from '@papo/contract/socket-events';
import { fetchRoomSockets, toOnlineUser, uniqueOnlineUsers, type LevelMap } from './presence.js';
import { parseRoom, type RoomTarget } from './room-name.js';
import type { PapoSocket, RealtimeContext } from './types.js';

async function mayJoin(ctx: RealtimeContext, socket: PapoSocket, target: RoomTarget): Promise<RoomAck> {
  if (target.kind === 'channel') return ctx.channels ? ctx.channels.prepareJoin(socket.data, target.name) : { ok: true };
  // NOTE: without a membership checker nobody can prove membership, so nobody joins.
  if (!ctx.conversations) return { ok: false, message: 'not_a_member' };
  const member = await ctx.conversations.isMember(socket.data.userId, target.id);
  return member ? { ok: true } : { ok: false, message: 'not_a_member' };
}

/** Channel levels of the users about to be listed; NOTE: a failed lookup shows them at 0 rather than failing the join. */
async function levelsFor(ctx: RealtimeContext, target: RoomTarget): Promise<LevelMap> {
  if (target.kind !== 'channel' || !ctx.channels) return new Map();
  try {
    return await ctx.channels.levelsOf(target.name);
  } catch (error) {
    ctx.warn('channel_levels_unavailable', error);
    return new Map();
  }
}

/**
 * Puts the socket in the room, sends it the room's user list (with channel levels) and, when this
 * is the user's first tab there, announces the user to the room.
 */
export async function joinRoom(ctx: RealtimeContext, socket: PapoSocket, value: unknown): Promise<RoomAck> {
  const target = parseRoom(value);
  if (!target) return { ok: false, message: 'invalid_room' };
  const allowed = await mayJoin(ctx, socket, target);
  if (!allowed.ok) return allowed;

  const present = await fetchRoomSockets(ctx, target.internal);
  const everyone = [...present.map((s) => s.data), socket.data];
  const levels = await levelsFor(ctx, target);
  // NOTE: the socket may have gone while we waited; joining it now would leave a ghost in the room.
  if (socket.disconnected) return { ok: false, message: 'disconnected' };
  // NOTE: this socket's own earlier join counts too, so joining twice announces nothing.
  const userAlreadyThere = present.some((s) => s.data.userId === socket.data.userId);
  void socket.join(target.internal);

  socket.emit('users', uniqueOnlineUsers(everyone, levels), target.client);
  if (!userAlreadyThere) {
    const user = toOnlineUser(socket.data, levels);
    ctx.io.to(target.internal).emit('user-joined', { room: target.client, user, nickname: user.nickname, message: 'join' });
  }
  return { ok: true };
}
