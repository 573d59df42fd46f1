import { changeNicknamePayload, type SocketAck } from '@papo/contract/socket-events';
import type { FastifyInstance } from 'fastify';
import { announceNicknameChange, listenForRenames } from '../../realtime/nickname-change.js';
import { createThrottledWarn } from '../../realtime/throttled-warn.js';
import type { PapoSocket, RealtimeContext } from '../../realtime/types.js';
import { findOwnNicknameByName, findSelectedNickname } from './repo.js';
import { selectNickname, type NicknameChange } from './service.js';

/** The real-time side of nicknames, wired onto the app's Socket.IO server. */
export interface NicknameRealtime {
  announce(change: NicknameChange): Promise<void>;
}

/**
 * Every socket chats under its user's selected nickname from the moment it connects; selecting
 * another one (over HTTP or with the client's `change-nickname`) renames it everywhere.
 */
export function attachNicknameRealtime(app: FastifyInstance): NicknameRealtime {
  const ctx: RealtimeContext = { io: app.io, log: app.log, warn: createThrottledWarn(app.log) };
  const announce = (change: NicknameChange) =>
    announceNicknameChange(ctx, { userId: change.userId, oldNickname: change.oldNickname, newNickname: change.nickname.nickname });

  listenForRenames(app.io);

  // NOTE: runs after the handshake auth, which has already set socket.data from the token.
  app.io.use((socket, next) => {
    findSelectedNickname(app.db, socket.data.userId).then(
      (nickname) => {
        if (nickname) socket.data.username = nickname;
        next();
      },
      (error: unknown) => {
        // The token's username is a truthful name to chat under while the database is unreachable.
        ctx.warn('selected_nickname_unavailable', error);
        next();
      },
    );
  });

  app.io.on('connection', (socket: PapoSocket) => {
    socket.on('change-nickname', (payload: unknown, ack?: unknown) => {
      const reply = typeof ack === 'function' ? (ack as (answer: SocketAck) => void) : () => undefined;
      const parsed = changeNicknamePayload.safeParse(payload);
      if (!parsed.success) return reply({ ok: false, message: 'invalid_nickname' });
      changeFromClient(app, socket, parsed.data.newNickname)
        .then(async (outcome) => {
          if (outcome === 'not_owned') return reply({ ok: false, message: 'nickname_not_found' });
          if (outcome) await announce(outcome);
          reply({ ok: true });
        })
        .catch((error: unknown) => {
          app.log.error({ err: error, event: 'change-nickname' }, 'realtime handler failed');
          reply({ ok: false, message: 'internal_error' });
        });
    });
  });

  return { announce };
}

/**
 * The spec's client emits `change-nickname` after selecting over HTTP, so it is usually already done (null);
 * otherwise it selects one of the user's own nicknames. A name the user does not own changes nothing.
 */
async function changeFromClient(app: FastifyInstance, socket: PapoSocket, newNickname: string): Promise<NicknameChange | 'not_owned' | null> {
  const own = await findOwnNicknameByName(app.db, socket.data.userId, newNickname);
  if (!own) return 'not_owned';
  return (await selectNickname(app.db, socket.data.userId, own.id)).change;
}
