import { io, type Socket } from 'socket.io-client';
import { socketPath, type ClientToServerEvents, type ServerToClientEvents } from '@papo/contract/socket-events';
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
    for (const room of joined) created.emit('join', room);
  });
  socket = created;
  return created;
}

const joined = new Set<string>();

/** Joins a room (`#barra`, `conversation_12`) now and after every reconnect; resolves with the server's answer. */
export function joinRoom(room: string): Promise<{ ok: boolean; message?: string }> {
  joined.add(room);
  const s = getSocket();
  return new Promise((resolve) => {
    if (!s.connected) {
      // NOTE: the 'connect' handler joins it; the answer then arrives through the room's events.
      resolve({ ok: true });
      return;
    }
    s.emit('join', room, (answer) => resolve(answer.ok ? { ok: true } : { ok: false, message: answer.message }));
  });
}

/** Leaves a room and stops rejoining it. */
export function leaveRoom(room: string): void {
  joined.delete(room);
  socket?.emit('leave', room);
}

/** Closes the connection (logout); the next `getSocket` opens a new one with the new session. */
export function closeSocket(): void {
  joined.clear();
  socket?.disconnect();
  socket = null;
}
