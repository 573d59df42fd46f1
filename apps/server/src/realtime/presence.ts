import type { PapoRemoteSocket, PapoServer, RealtimeContext } from './types.js';
import type { RoomPresence } from './room-presence.js';

const registry = new WeakMap<PapoServer, RoomPresence>();

/** Makes the server's presence reachable from every feature that holds the server. */
export function registerPresence(io: PapoServer, presence: RoomPresence): void {
  registry.set(io, presence);
}

/** The presence kept for this server by the realtime plugin. */
export function presenceOf(io: PapoServer): RoomPresence {
  const presence = registry.get(io);
  if (!presence) throw new Error('the realtime plugin keeps presence; it is not registered on this server');
  return presence;
}

/**
 * Sockets in a room on every node. NOTE: when the adapter cannot reach the
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
 * Whether any socket of the user is in the room, on any node. NOTE: answered from the presence this
 * node keeps, so a message costs no round trip to the other nodes.
 */
export async function userIsInRoom(ctx: RealtimeContext, userId: number, internal: string): Promise<boolean> {
  return presenceOf(ctx.io).has(internal, userId);
}
