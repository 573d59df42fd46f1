import { peerOnlinePayload, rooms, type PeerOnlineAnswer } from '@papo/contract/socket-events';
import type { FastifyInstance } from 'fastify';
import { fetchRoomSockets } from '../../realtime/presence.js';
import { parseRoom } from '../../realtime/room-name.js';
import { answer, perSocketLimit } from '../../realtime/socket-answer.js';
import type { PapoSocket } from '../../realtime/socket-types.js';
import type { RealtimeContext } from '../../realtime/types.js';
import { findConversation } from './repo.js';

/**
 * Asks one socket may make a minute: a conversation's screen asks when the other member leaves the room, every 30 s
 * while the page is shown, after a reconnect and when the page is shown again; each ask is a question to every node.
 */
const peerAsksPerMinute = 30;

/**
 * `peer-online`: whether the other member of a conversation is connected at all. Only a member whose socket is in the
 * conversation's room may ask (it was let in as a member), and only about the other member of that conversation, so
 * nobody learns who is connected beyond the people they talk with.
 */
export function answerPeerOnline(app: FastifyInstance, rt: RealtimeContext): void {
  rt.io.on('connection', (socket) => {
    const allowed = perSocketLimit(peerAsksPerMinute);
    socket.on('peer-online', (payload: unknown, ack: unknown) => {
      if (typeof ack !== 'function') return;
      if (!allowed()) return ack({ ok: false, message: 'too_many_requests' } satisfies PeerOnlineAnswer);
      const failed: PeerOnlineAnswer = { ok: false, message: 'internal_error' };
      answer(rt, 'peer-online', () => peerOnline(app, rt, socket, payload), ack, failed);
    });
  });
}

async function peerOnline(
  app: FastifyInstance,
  rt: RealtimeContext,
  socket: PapoSocket,
  payload: unknown,
): Promise<PeerOnlineAnswer> {
  const parsed = peerOnlinePayload.safeParse(payload);
  const target = parsed.success ? parseRoom(parsed.data.room) : null;
  if (target?.kind !== 'conversation') return { ok: false, message: 'invalid_room' };
  if (!socket.rooms.has(target.internal)) return { ok: false, message: 'not_a_member' };
  const conversation = await findConversation(app.db, target.id);
  const self = socket.data.userId;
  if (!conversation || (conversation.userA !== self && conversation.userB !== self))
    return { ok: false, message: 'not_a_member' };
  const other = conversation.userA === self ? conversation.userB : conversation.userA;
  // every socket of a member is in their user room from the moment it connects, whatever page it shows.
  const sockets = await fetchRoomSockets(rt, rooms.user(other));
  return { ok: true, online: sockets.length > 0 };
}
