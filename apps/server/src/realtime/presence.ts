import { rooms } from '@papo/contract/socket-events';
import type { PapoRemoteSocket } from './socket-types.js';
import type { RealtimeContext } from './types.js';

/**
 * Sockets in a room on every node. When the adapter cannot reach the
 * other nodes (Redis down, a node not answering) this node's own sockets are
 * still a truthful partial answer, better than failing the caller.
 */
export async function fetchRoomSockets(ctx: RealtimeContext, internal: string): Promise<PapoRemoteSocket[]> {
  try {
    return await ctx.io.in(internal).fetchSockets();
  } catch (error) {
    ctx.warn('presence_fallback_to_local', error);
    return ctx.io.in(internal).local.fetchSockets();
  }
}

/**
 * Whether any socket of the user is in the room, on any node. Presence answers yes at once (the
 * usual case: a sender is in their room); a no is checked with the nodes themselves, because another
 * node's join reaches this node's presence a Redis hop later.
 */
export async function userIsInRoom(ctx: RealtimeContext, userId: number, internal: string): Promise<boolean> {
  if (ctx.presence.has(internal, userId)) return true;
  return userIsInRoomOnNodes(ctx, userId, internal);
}

/**
 * Whether a shown tab of the user (any node) has the room joined and on screen: the member is looking at it. A tab
 * that said it is hidden (`visibility`) is in the room but not looking: a phone's browser in a pocket keeps its
 * socket; nor is a tab showing another of its open channels (`focus`).
 */
export async function userSeesRoom(ctx: RealtimeContext, userId: number, internal: string): Promise<boolean> {
  const sockets = await fetchRoomSockets(ctx, rooms.user(userId));
  return sockets.some(
    (socket) =>
      socket.rooms.has(internal) &&
      !socket.data.hidden &&
      (socket.data.focus === undefined || socket.data.focus === internal),
  );
}

/**
 * Whether any socket of the user is in the room, asked of the nodes themselves. For decisions a stale yes would
 * get wrong: a member who left on another node a moment ago must still get the bell for a private message.
 */
async function userIsInRoomOnNodes(ctx: RealtimeContext, userId: number, internal: string): Promise<boolean> {
  const sockets = await fetchRoomSockets(ctx, rooms.user(userId));
  return sockets.some((socket) => socket.rooms.has(internal));
}
