import { replayPayload } from '@papo/contract/replay';
import type { ReplayAnswer } from '@papo/contract/socket-events';
import type { FastifyInstance } from 'fastify';
import { parseRoom } from '../../realtime/room-name.js';
import { perSocketLimit } from '../../realtime/socket-answer.js';
import type { PapoSocket } from '../../realtime/socket-types.js';
import type { RealtimeContext } from '../../realtime/types.js';
import { ReplayRing } from './replay-ring.js';

/** How often lines past the window are let go in rooms nobody writes to or asks about. */
const sweepEveryMs = 30_000;

/**
 * Replays one socket may ask for a minute: one per open channel after a reconnect fits many times over; a client
 * asking again and again for the same lines is refused rather than served hundreds of lines each time.
 */
export const replaysPerMinute = 60;

/**
 * The node's replay ring, fed with every channel line this node accepts (message-service) and every batch another
 * node hands over through the adapter (`channel-messages`), so any node can replay any room; a socket back from a
 * drop asks with `replay`.
 */
export function startReplay(app: FastifyInstance, rt: RealtimeContext): ReplayRing {
  const ring = new ReplayRing();
  rt.io.on('channel-messages', (batch) => {
    if (typeof batch?.room === 'string' && Array.isArray(batch.messages)) ring.record(batch.room, batch.messages);
  });
  rt.io.on('connection', (socket) => {
    const allowed = perSocketLimit(replaysPerMinute);
    socket.on('replay', (payload: unknown, ack: unknown) => {
      if (typeof ack !== 'function') return;
      ack(allowed() ? replayFor(ring, socket, payload) : { ok: false, message: 'too_many_requests' });
    });
  });
  const sweeper = setInterval(() => ring.sweep(), sweepEveryMs);
  sweeper.unref();
  app.addHook('onClose', () => {
    clearInterval(sweeper);
    ring.clear();
  });
  return ring;
}

/** The lines a socket missed in a channel it is in (again); anything else is refused. */
function replayFor(ring: ReplayRing, socket: PapoSocket, payload: unknown): ReplayAnswer {
  const parsed = replayPayload.safeParse(payload);
  if (!parsed.success) return { ok: false, message: 'invalid_room' };
  const target = parseRoom(parsed.data.room);
  if (target?.kind !== 'channel') return { ok: false, message: 'invalid_room' };
  if (!socket.rooms.has(target.internal)) return { ok: false, message: 'not_in_channel' };
  return { ok: true, ...ring.after(target.internal, parsed.data.after) };
}
