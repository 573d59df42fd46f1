import { io, type Socket } from 'socket.io-client';
import { socketPath, type ClientToServerEvents, type RoomAck, type ServerToClientEvents } from '@papo/contract/socket-events';
import { apiFetch } from './api';
import { readSession } from './session';

export type PapoSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

let socket: PapoSocket | null = null;

const tokenErrors = new Set(['Expired JWT Token', 'Invalid JWT Token']);

/**
 * The tab's one real-time connection (DESIGN §6), opened on first use with the session's token.
 * Timings are the spec's (members-area §9): connect timeout 20 s, reconnection from 1 s backing off to
 * 5 s with randomisation 0.5. Rooms joined through `joinRoom` are joined again after every reconnect.
 */
export function getSocket(): PapoSocket {
  if (socket) return socket;
  const created: PapoSocket = io({
    path: socketPath,
    transports: ['websocket'],
    timeout: 20_000,
    reconnectionDelay: 1_000,
    reconnectionDelayMax: 5_000,
    randomizationFactor: 0.5,
    // NOTE: a function, so every (re)connection presents the token the session holds now.
    auth: (callback) => callback({ token: readSession()?.token ?? '' }),
  });
  created.on('connect_error', (error) => {
    if (!tokenErrors.has(error.message) || !readSession()) return;
    // NOTE: any protected call renews an expired token through the API client; then connect again.
    apiFetch('/api/me').then(
      () => created.connect(),
      () => undefined,
    );
  });
  created.on('connect', () => {
    // NOTE: a rejoin can be refused (a ban placed while this tab was away); listeners hear about it.
    for (const room of joined) {
      if (pending.has(room)) continue;
      void emitJoin(created, room).then((answer) => {
        if (answer.ok) return;
        joined.delete(room);
        for (const listener of refusedListeners) listener(room, answer.message ?? 'join_failed');
      });
    }
  });
  socket = created;
  return created;
}

const joined = new Set<string>();
/** Rooms whose first join waits for the connection; the reconnect handler leaves them to `joinRoom`. */
const pending = new Set<string>();
const refusedListeners = new Set<(room: string, message: string) => void>();

export interface JoinAnswer {
  ok: boolean;
  message?: string;
  /** Seconds until a refusal that ends with time (the daily limit on new channels) may be tried again. */
  retryAfter?: number;
}

function emitJoin(s: PapoSocket, room: string): Promise<JoinAnswer> {
  return s
    .timeout(10_000)
    .emitWithAck('join', room)
    .then(
      (answer: RoomAck): JoinAnswer => (answer.ok ? { ok: true } : { ok: false, message: answer.message, retryAfter: answer.retryAfter }),
      (): JoinAnswer => ({ ok: false, message: 'join_timeout' }),
    );
}

/**
 * Joins a room (`#barra`, `conversation_12`) and resolves with the server's answer, waiting for the
 * connection when it is down; the room is joined again after every reconnect.
 */
export function joinRoom(room: string): Promise<JoinAnswer> {
  joined.add(room);
  const s = getSocket();
  if (s.connected) return emitJoin(s, room);
  pending.add(room);
  return new Promise((resolve) => {
    s.once('connect', () => {
      pending.delete(room);
      void emitJoin(s, room).then(resolve);
    });
  });
}

/** Hears when a rejoin after a reconnect is refused (for example a ban); returns the unsubscribe. */
export function onRoomRefused(listener: (room: string, message: string) => void): () => void {
  refusedListeners.add(listener);
  return () => refusedListeners.delete(listener);
}

/** Leaves a room and stops rejoining it. */
export function leaveRoom(room: string): void {
  joined.delete(room);
  socket?.emit('leave', room);
}

/** Closes the connection (logout); the next `getSocket` opens a new one with the new session. */
export function closeSocket(): void {
  joined.clear();
  pending.clear();
  socket?.disconnect();
  socket = null;
}
