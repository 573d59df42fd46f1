import { io, type Socket } from 'socket.io-client';
import {
  socketPath,
  type ClientToServerEvents,
  type RoomAck,
  type ServerToClientEvents,
} from '@papo/contract/socket-events';
import { authRoutes } from '@papo/contract/browser-routes/auth';
import { api } from './api';
import { clearSession, onSessionChange, readSession } from './session';
import { storeSignedOutNotice } from './signed-out-notice';
import { leavePageFor, startLeaving } from './leaving';

export type PapoSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

let socket: PapoSocket | null = null;
/** The token the open connection last presented (handshake or `reauth`), so a session change sends each new one once. */
let presented: string | undefined;
let stopRenewing: (() => void) | null = null;

const tokenErrors = new Set(['Expired JWT Token', 'Invalid JWT Token']);

/**
 * The tab's one real-time connection (decision 003), opened on first use with the session's token.
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
    // a function, so every (re)connection presents the token the session holds now.
    auth: (callback) => callback({ token: readSession()?.token ?? '' }),
  });
  created.on('connect_error', (error) => {
    if (!tokenErrors.has(error.message) || !readSession()) return;
    // any protected call renews an expired token through the API client; then connect again.
    api(authRoutes.me).then(
      () => created.connect(),
      () => undefined,
    );
  });
  // the server closes a socket whose sign-in ended (a password change, "sair" from another device): this tab
  // is signed out too, and the login screen says why.
  created.on('signed-out', ({ reason }) => {
    startLeaving();
    clearSession();
    closeSocket();
    // a deleted account has nothing to sign in to again: its tabs go to the home page.
    if (reason === 'account_deleted') return leavePageFor('/');
    storeSignedOutNotice(reason);
    leavePageFor('/login');
  });
  // the token this socket was opened with has expired; a protected call renews it (the API client refreshes on
  // the 401), and the session change below hands the fresh one to the socket.
  created.on('token-expired', () => {
    api(authRoutes.me).catch(() => undefined);
  });
  created.on('disconnect', (reason) => {
    if (reason !== 'io server disconnect' || !readSession()) return;
    // closed for an expired token that was not renewed in time: renew it, then connect again.
    api(authRoutes.me).then(
      () => created.connect(),
      () => undefined,
    );
  });
  created.on('connect', () => {
    presented = readSession()?.token;
    // the server counts a new connection as shown; a tab opened or reconnected in the background says otherwise.
    if (document.visibilityState === 'hidden') created.emit('visibility', 'hidden');
    // the server counts a socket that never said as looking at all its rooms; this tab looks at one at most.
    focusSent = focused;
    created.emit('focus', focused);
    // a rejoin can be refused (a ban placed while this tab was away); listeners hear about it.
    for (const room of wanted) {
      void joinOnce(created, room).then((answer) => {
        const callers = waiting.get(room)?.splice(0) ?? [];
        for (const resolve of callers) resolve(answer);
        if (answer.ok) return;
        wanted.delete(room);
        // a first join's caller hears its own answer; listeners hear of refused rejoins.
        if (callers.length === 0)
          for (const listener of refusedListeners) listener(room, answer.message ?? 'join_failed');
      });
    }
  });
  // the server forgets a dropped connection's rooms, so the next connection joins them afresh.
  created.on('disconnect', () => joinedNow.clear());
  document.addEventListener('visibilitychange', tellVisibility);
  stopRenewing = onSessionChange(() => {
    const token = readSession()?.token;
    if (!token || token === presented || !created.connected) return;
    presented = token;
    created.emit('reauth', token);
  });
  window.addEventListener('offline', wentOffline);
  window.addEventListener('online', cameOnline);
  socket = created;
  return created;
}

/**
 * Tells the server whether this tab is shown: a hidden one (a phone's browser in the background) has its rooms open
 * but nobody looking, so the member's devices get web push for them (decision 026).
 */
function tellVisibility(): void {
  if (socket?.connected) socket.emit('visibility', document.visibilityState === 'hidden' ? 'hidden' : 'visible');
}

/** The room this tab's screen shows (null: a page showing none), and the one the server was last told. */
let focused: string | null = null;
let focusSent: string | null | undefined;
let focusQueued = false;

/**
 * Tells the server which room the screen shows (`#barra`, `conversation_12`) or null: the tab holds every open
 * channel but the member reads one, so a mention or message elsewhere rings the bell and is pushed (decision 026).
 * told once per turn, so a screen replaced by another (null, then the next room) sends only the last.
 */
export function showRoom(room: string | null): void {
  focused = room;
  if (focusQueued) return;
  focusQueued = true;
  queueMicrotask(() => {
    focusQueued = false;
    if (!socket?.connected || focusSent === focused) return;
    focusSent = focused;
    socket.emit('focus', focused);
  });
}

/** The connection was closed because the device said it lost the network; it opens again when the network is back. */
let closedOffline = false;

/**
 * The device says the network is gone: a socket left open would look connected until the server's ping times out,
 * and lines sent to it meanwhile would be lost without a trace; closed now, the reconnect asks for them.
 * the transport is closed, not the socket: a socket's `disconnect()` tells the server the member left every
 * room (a part heard at once), while a closed transport is a drop the server holds the member's places through
 * (decision 052), so a short cut is heard by nobody.
 */
function wentOffline(): void {
  if (!socket?.connected) return;
  closedOffline = true;
  socket.io.engine.close();
}

function cameOnline(): void {
  if (!closedOffline) return;
  closedOffline = false;
  socket?.connect();
}

/** Rooms this tab's screens are in: joined again after every reconnect. */
const wanted = new Set<string>();
/**
 * The current connection's join of each room: sent once, its answer shared by every caller, so a
 * screen that asks again (a remount, a reconnect handler of its own) sends no second `join`.
 */
const joinedNow = new Map<string, Promise<JoinAnswer>>();
/** Callers that asked while the connection was down, answered by the reconnect's join. */
const waiting = new Map<string, ((answer: JoinAnswer) => void)[]>();
/** Leaves held for a moment, so a screen that unmounts and mounts again at once neither leaves nor rejoins. */
const leaving = new Map<string, ReturnType<typeof setTimeout>>();
const refusedListeners = new Set<(room: string, message: string) => void>();

export interface JoinAnswer {
  ok: boolean;
  message?: string;
  /** Seconds until a refusal that ends with time (the daily limit on new channels) may be tried again. */
  retryAfter?: number;
}

/** `create` founds a channel that does not exist yet (the member said yes); without it the server refuses one. */
export interface JoinRequest {
  create?: boolean;
}

function emitJoin(s: PapoSocket, room: string, request: JoinRequest): Promise<JoinAnswer> {
  const sent = request.create
    ? s.timeout(10_000).emitWithAck('join', room, { create: true })
    : s.timeout(10_000).emitWithAck('join', room);
  return sent.then(
    (answer: RoomAck): JoinAnswer =>
      answer.ok ? { ok: true } : { ok: false, message: answer.message, retryAfter: answer.retryAfter },
    (): JoinAnswer => ({ ok: false, message: 'join_timeout' }),
  );
}

function joinOnce(s: PapoSocket, room: string, request: JoinRequest = {}): Promise<JoinAnswer> {
  const known = joinedNow.get(room);
  if (known) return known;
  const answer = emitJoin(s, room, request);
  joinedNow.set(room, answer);
  // a refused join is not a join: asking again sends it again.
  void answer.then((result) => {
    if (!result.ok && joinedNow.get(room) === answer) joinedNow.delete(room);
  });
  return answer;
}

/**
 * Joins a room (`#barra`, `conversation_12`) and resolves with the server's answer, waiting for the
 * connection when it is down; the room is joined again after every reconnect. Each connection sends
 * one `join` per room however often this is called. A founding join asked for while the connection
 * is down is sent as a plain join by the reconnect; a refusal (`channel_not_found`) lets the screen ask again.
 */
export function joinRoom(room: string, request: JoinRequest = {}): Promise<JoinAnswer> {
  clearTimeout(leaving.get(room));
  leaving.delete(room);
  wanted.add(room);
  const s = getSocket();
  if (s.connected) return joinOnce(s, room, request);
  return new Promise((resolve) => {
    const callers = waiting.get(room) ?? [];
    callers.push(resolve);
    waiting.set(room, callers);
  });
}

/** Hears when a rejoin after a reconnect is refused (for example a ban); returns the unsubscribe. */
export function onRoomRefused(listener: (room: string, message: string) => void): () => void {
  refusedListeners.add(listener);
  return () => refusedListeners.delete(listener);
}

/** Leaves a room and stops rejoining it. */
export function leaveRoom(room: string): void {
  if (!wanted.delete(room)) return;
  for (const resolve of waiting.get(room)?.splice(0) ?? []) resolve({ ok: false, message: 'left' });
  leaving.set(
    room,
    setTimeout(() => {
      leaving.delete(room);
      // a room never joined on this connection needs no leave (the server dropped the old one's rooms).
      if (joinedNow.delete(room)) socket?.emit('leave', room);
    }, 0),
  );
}

/** Closes the connection (logout); the next `getSocket` opens a new one with the new session. */
export function closeSocket(): void {
  wanted.clear();
  joinedNow.clear();
  waiting.clear();
  for (const timer of leaving.values()) clearTimeout(timer);
  leaving.clear();
  document.removeEventListener('visibilitychange', tellVisibility);
  stopRenewing?.();
  stopRenewing = null;
  window.removeEventListener('offline', wentOffline);
  window.removeEventListener('online', cameOnline);
  closedOffline = false;
  focused = null;
  focusSent = undefined;
  socket?.disconnect();
  socket = null;
}
