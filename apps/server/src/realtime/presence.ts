import type { OnlineUser, SocketData } from '@papo/contract/socket-events';
import type { PapoRemoteSocket, RealtimeContext } from './types.js';

/**
 * How a socket's user appears in a room's list: `data.username` is the name they chat under
 * (features/nicknames keeps it on the selected nickname).
 */
export function toOnlineUser(data: SocketData): OnlineUser {
  return { id: data.userId, nickname: data.username };
}

/** One entry per user, however many tabs they have open in the room. */
export function uniqueOnlineUsers(sockets: readonly SocketData[]): OnlineUser[] {
  const byId = new Map<number, OnlineUser>();
  for (const data of sockets) if (!byId.has(data.userId)) byId.set(data.userId, toOnlineUser(data));
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
