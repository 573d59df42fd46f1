import { rooms, type RoomAck } from '@papo/contract/socket-events';
import { joinRoom } from './join-room.js';
import { leaveRoom } from './leave-room.js';
import type { PapoSocket, RealtimeContext } from './types.js';

type Ack = (answer: RoomAck) => void;

/**
 * Runs a client request and answers its ack. NOTE: a handler must never throw:
 * a bad payload or a failing checker costs the caller an error answer, not the process.
 */
function answer(ctx: RealtimeContext, event: 'join' | 'leave', work: () => Promise<RoomAck>, ack: unknown): void {
  const reply: Ack = typeof ack === 'function' ? (ack as Ack) : () => undefined;
  work().then(reply, (error: unknown) => {
    ctx.log.error({ err: error, event }, 'realtime handler failed');
    reply({ ok: false, message: `${event}_failed` });
  });
}

/** Wires one connected socket: its own user room and join/leave; presence follows disconnects by itself. */
export function handleConnection(ctx: RealtimeContext, socket: PapoSocket): void {
  void socket.join(rooms.user(socket.data.userId));
  socket.on('join', (room, ack) => answer(ctx, 'join', () => joinRoom(ctx, socket, room), ack));
  socket.on('leave', (room, ack) => answer(ctx, 'leave', async () => leaveRoom(socket, room), ack));
}
