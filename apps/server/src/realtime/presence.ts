import { isStaff } from '@papo/contract/auth';
import { staffLevel } from '@papo/contract/chat';
import { rooms, type OnlineUser, type SocketData } from '@papo/contract/socket-events';
import type { PapoRemoteSocket, RealtimeContext } from './types.js';

/** Stored channel levels by user id; a user without an entry is at level 0. */
export type LevelMap = ReadonlyMap<number, number>;

/** The level a user shows in a channel: staff rank above every founder (contract `staffLevel`). */
export function shownLevel(data: SocketData, levels: LevelMap): number {
  return isStaff(data.roles) ? staffLevel : (levels.get(data.userId) ?? 0);
}

/**
 * How a socket's user appears in a room's list: `data.username` is the name they chat under
 * (features/nicknames keeps it on the selected nickname).
 */
export function toOnlineUser(data: SocketData, levels: LevelMap = new Map()): OnlineUser {
  return { id: data.userId, nickname: data.username, level: shownLevel(data, levels) };
}

/** One entry per user, however many tabs they have open in the room. */
export function uniqueOnlineUsers(sockets: readonly SocketData[], levels: LevelMap = new Map()): OnlineUser[] {
  const byId = new Map<number, OnlineUser>();
  for (const data of sockets) if (!byId.has(data.userId)) byId.set(data.userId, toOnlineUser(data, levels));
  return [...byId.values()];
}

/**
 * Sockets in a room on every node. NOTE: when the adapter cannot reach the
 * other nodes (Redis down, a node not answering) this node's own sockets are
 * still a truthful partial answer, better than failing the join.
 */
export async function fetchRoomSockets(ctx: RealtimeContext, internal: string): Promise<PapoRemoteSocket[]> {
  try {
    return await ctx.io.in(internal).fetchSockets();
  } catch (error) {
    ctx.warn('presence_fallback_to_local', error);
    return ctx.io.in(internal).local.fetchSockets();
  }
}

/** Whether the user still has a socket in the room, other than the one given. */
export async function userStillInRoom(
  ctx: RealtimeContext,
  internal: string,
  userId: number,
  exceptSocketId?: string,
): Promise<boolean> {
  const sockets = await fetchRoomSockets(ctx, internal);
  return sockets.some((s) => s.data.userId === userId && s.id !== exceptSocketId);
}

/**
 * Whether any socket of the user is in the room, on any node. NOTE: the sender of a channel message is
 * nearly always connected to the node that takes the request, so this node's own rooms answer first and
 * the cluster is asked only when they say no.
 */
export async function userIsInRoom(ctx: RealtimeContext, userId: number, internal: string): Promise<boolean> {
  const local = ctx.io.of('/').adapter.rooms;
  const room = local.get(internal);
  const own = local.get(rooms.user(userId));
  if (room && own) for (const id of own) if (room.has(id)) return true;
  const sockets = await fetchRoomSockets(ctx, rooms.user(userId));
  return sockets.some((socket) => socket.rooms.has(internal));
}
