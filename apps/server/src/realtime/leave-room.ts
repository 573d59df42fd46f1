import type { RoomAck } from '@papo/contract/socket-events';
import { parseRoom } from './room-name.js';
import type { PapoSocket } from './socket-types.js';

/**
 * Takes the socket out of the room; leaving a room one is not in is a harmless no-op. Presence
 * hears every leave from the adapter and tells the room when the user's last tab went.
 */
export function leaveRoom(socket: PapoSocket, value: unknown): RoomAck {
  const target = parseRoom(value);
  if (!target) return { ok: false, message: 'invalid_room' };
  void socket.leave(target.internal);
  return { ok: true };
}
