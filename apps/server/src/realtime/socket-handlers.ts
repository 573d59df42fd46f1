import { changeNicknamePayload, joinOptions, rooms, type SocketAck } from '@papo/contract/socket-events';
import { joinRoom } from './join-room.js';
import { leaveRoom } from './leave-room.js';
import { announceNicknameChange } from './nickname-change.js';
import { parseRoom } from './room-name.js';
import { answer } from './socket-answer.js';
import type { PapoSocket } from './socket-types.js';
import type { NicknameSource, RealtimeContext } from './types.js';

/**
 * The spec's client emits `change-nickname` after selecting over HTTP, so it is usually already done;
 * otherwise one of the user's own nicknames is selected and announced. A name the user does not own changes nothing.
 */
export async function changeNickname(
  ctx: RealtimeContext,
  nicknames: NicknameSource,
  socket: PapoSocket,
  payload: unknown,
): Promise<SocketAck> {
  const parsed = changeNicknamePayload.safeParse(payload);
  if (!parsed.success) return { ok: false, message: 'invalid_nickname' };
  const outcome = await nicknames.changeFromClient(socket.data.userId, parsed.data.newNickname);
  if (outcome === 'not_owned') return { ok: false, message: 'nickname_not_found' };
  if (outcome) await announceNicknameChange(ctx, outcome);
  return { ok: true };
}

interface Listeners {
  join(this: PapoSocket, room: unknown, second?: unknown, third?: unknown): void;
  leave(this: PapoSocket, room: unknown, ack?: unknown): void;
  visibility(this: PapoSocket, state: unknown): void;
  focus(this: PapoSocket, room: unknown): void;
  disconnecting(this: PapoSocket, reason: string): void;
  changeNickname: ((this: PapoSocket, payload: unknown, ack?: unknown) => void) | undefined;
}

/**
 * The listeners every socket of a context shares: each reads its socket from `this` (Node's emitters call a
 * listener on the emitter). A closure per listener per socket was memory an idle socket kept for nothing.
 */
const shared = new WeakMap<RealtimeContext, Listeners>();

function listenersOf(ctx: RealtimeContext): Listeners {
  const known = shared.get(ctx);
  if (known) return known;
  const { nicknames } = ctx;
  const listeners: Listeners = {
    // the spec's client sends `join(room, ack)`; a founding join sends `join(room, { create: true }, ack)`.
    join(room, second, third) {
      const ack = typeof second === 'function' ? second : third;
      const options = joinOptions.safeParse(typeof second === 'function' ? undefined : second);
      const create = options.success && options.data.create === true;
      answer(ctx, 'join', () => joinRoom(ctx, this, room, { create }), ack, { ok: false, message: 'join_failed' });
    },
    leave(room, ack) {
      answer(ctx, 'leave', async () => leaveRoom(this, room), ack, { ok: false, message: 'leave_failed' });
    },
    // anything but the two words is ignored; the flag only decides whether the member is looking (decision 026).
    visibility(state) {
      if (state === 'hidden' || state === 'visible') this.data.hidden = state === 'hidden';
    },
    // a room the client cannot name is no room: the screen shows nothing the server could announce.
    focus(room) {
      this.data.focus = room === null ? null : (parseRoom(room)?.internal ?? null);
    },
    disconnecting(reason) {
      ctx.presence.socketClosing(this.id, reason);
    },
    changeNickname: nicknames
      ? function (this: PapoSocket, payload: unknown, ack?: unknown) {
          answer(ctx, 'change-nickname', () => changeNickname(ctx, nicknames, this, payload), ack, {
            ok: false,
            message: 'internal_error',
          });
        }
      : undefined,
  };
  shared.set(ctx, listeners);
  return listeners;
}

/**
 * Wires one connected socket: its own user room, join/leave and `change-nickname`; presence follows disconnects by
 * itself, told why each socket goes.
 */
export function handleConnection(ctx: RealtimeContext, socket: PapoSocket): void {
  void socket.join(rooms.user(socket.data.userId));
  const listeners = listenersOf(ctx);
  socket.on('join', listeners.join);
  socket.on('leave', listeners.leave);
  socket.on('visibility', listeners.visibility);
  socket.on('focus', listeners.focus);
  socket.on('disconnecting', listeners.disconnecting);
  if (listeners.changeNickname) socket.on('change-nickname', listeners.changeNickname);
}
