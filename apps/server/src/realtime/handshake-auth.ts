import type { IncomingMessage } from 'node:http';
import type { MessageKey } from '@papo/contract/message-keys';
import { rooms, type SocketAck } from '@papo/contract/socket-events';
import type { Revocations, SignOut } from '../lib/revocation.js';
import { TokenError, type TokenService, type VerifiedClaims } from '../lib/tokens.js';
import type { PapoServer, PapoSocket } from './socket-types.js';

/** What the handshake's token said beyond the socket's data: its sign-in and when it stops counting. */
interface SocketSignIn {
  sessionId: string;
  expiresAtMs: number;
}

/** Kept beside the socket rather than in its data, which Socket.IO's adapter sends to other nodes on a fetch. */
const signIns = new WeakMap<PapoSocket, SocketSignIn>();

/** Keeps the socket's sign-in, so sign-outs and expiry reach it (an in-process member is given its own). */
export function remember(socket: PapoSocket, claims: VerifiedClaims): void {
  signIns.set(socket, { sessionId: claims.sessionId, expiresAtMs: claims.expiresAtMs });
}

type RefusedHandshake = Error & { data: { message: MessageKey } };

function refuse(message: MessageKey): RefusedHandshake {
  return Object.assign(new Error(message), { data: { message } });
}

/** Reads the JWT from `auth.token`, falling back to an `Authorization: Bearer` header. */
function handshakeToken(socket: PapoSocket): string | null {
  const auth: unknown = socket.handshake.auth;
  if (auth && typeof auth === 'object' && 'token' in auth && typeof auth.token === 'string' && auth.token !== '') {
    return auth.token;
  }
  const header = socket.handshake.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1] ?? null;
}

/**
 * Socket.IO middleware: refuses the connection with the same messages the
 * HTTP API uses (decision 005), so the client handles both the same way.
 */
export function createHandshakeAuth(tokens: TokenService) {
  return (socket: PapoSocket, next: (error?: RefusedHandshake) => void): void => {
    const token = handshakeToken(socket);
    if (!token) {
      next(refuse('JWT Token not found'));
      return;
    }
    tokens.verifyAccessToken(token).then(
      (claims) => {
        socket.data = { userId: claims.userId, username: claims.username, roles: claims.roles };
        remember(socket, claims);
        next();
      },
      // anything but a bad token (the database not answering the revocation check) is ours, not the client's.
      (error: unknown) => next(refuse(error instanceof TokenError ? error.message : 'service_unavailable')),
    );
  };
}

/**
 * Engine.IO's `allowRequest`: a browser page of another site may not open a socket (OWASP ASVS 5.0 asks this even
 * though tokens, not cookies, authenticate). Allowed: the page of the server's own host, and `allowed` origins
 * (PUBLIC_URL, ALLOWED_ORIGINS). A request without Origin is no cross-site page (same-origin polling, native
 * clients) and is let through to the token check.
 */
export function originCheck(allowed: readonly string[]) {
  return (request: IncomingMessage, callback: (error: string | null | undefined, success: boolean) => void): void => {
    const origin = request.headers.origin;
    if (!origin || allowed.includes(origin)) return callback(null, true);
    let host: string | undefined;
    try {
      host = new URL(origin).host;
    } catch {
      host = undefined;
    }
    if (host && host === request.headers.host) return callback(null, true);
    callback('origin_not_allowed', false);
  };
}

/**
 * Socket.IO middleware, the last one: one member holds at most `max` sockets on this node (tabs, devices); the next
 * is refused with `too_many_connections` rather than closing one the member is using. Counted here rather
 * than read from the member's room, which is joined only after the handshake: 300 handshakes at once all pass a
 * room-size check.
 */
export function limitSocketsPerUser(max: number) {
  const open = new Map<number, number>();
  // one listener for every socket (Socket.IO says `disconnect` once): a closure each was memory an idle socket kept.
  function closed(this: PapoSocket): void {
    const left = (open.get(this.data.userId) ?? 1) - 1;
    if (left > 0) open.set(this.data.userId, left);
    else open.delete(this.data.userId);
  }
  return (socket: PapoSocket, next: (error?: RefusedHandshake) => void): void => {
    const { userId } = socket.data;
    const count = open.get(userId) ?? 0;
    if (count >= max) return next(refuse('too_many_connections'));
    open.set(userId, count + 1);
    socket.on('disconnect', closed);
    next();
  };
}

export interface SignInWatchOptions {
  tokens: TokenService;
  revocations: Revocations;
  /** How long a socket whose token expired has to send a fresh one with `reauth` before it is closed. */
  reauthGraceMs?: number;
}

/** Whether a sign-out reaches this socket's sign-in. */
function reaches(signOut: SignOut, signIn: SocketSignIn | undefined): boolean {
  if (signOut.sessionId !== undefined) return signIn?.sessionId === signOut.sessionId;
  return signOut.keepSessionId === undefined || signIn?.sessionId !== signOut.keepSessionId;
}

/**
 * Sockets due at a time, grouped by the second, with one timer for the earliest second. A timer of each
 * socket's own (a Node timer and its list, for a sign-in's own expiry) was most of the memory Papo kept per idle
 * socket beyond Socket.IO's; a JWT expires on a whole second, so a second's sockets are told together.
 */
class SecondsClock {
  private readonly due = new Map<number, Set<PapoSocket>>();
  private readonly secondOf = new Map<PapoSocket, number>();
  private timer: NodeJS.Timeout | undefined;
  private timerSecond = Infinity;

  constructor(private readonly fire: (socket: PapoSocket) => void) {}

  /** The socket is due at `atMs` (rounded up to its second), instead of when it was due before. */
  set(socket: PapoSocket, atMs: number): void {
    this.delete(socket);
    const second = Math.ceil(atMs / 1000);
    const sockets = this.due.get(second);
    if (sockets) sockets.add(socket);
    else this.due.set(second, new Set([socket]));
    this.secondOf.set(socket, second);
    if (second < this.timerSecond) this.arm(second);
  }

  delete(socket: PapoSocket): void {
    const second = this.secondOf.get(socket);
    if (second === undefined) return;
    this.secondOf.delete(socket);
    const sockets = this.due.get(second);
    sockets?.delete(socket);
    if (sockets?.size === 0) this.due.delete(second);
    if (this.due.size === 0) this.arm(Infinity);
  }

  private arm(second: number): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.timerSecond = second;
    if (second === Infinity) return;
    // Node runs a timer longer than 2^31 - 1 ms at once; a later second is looked at again then.
    this.timer = setTimeout(() => this.tick(), Math.min(2 ** 31 - 1, Math.max(0, second * 1000 - Date.now())));
    this.timer.unref();
  }

  private tick(): void {
    const now = Date.now();
    for (const [second, sockets] of [...this.due]) {
      if (second * 1000 > now) continue;
      this.due.delete(second);
      for (const socket of sockets) {
        this.secondOf.delete(socket);
        this.fire(socket);
      }
    }
    this.arm(Math.min(...this.due.keys()));
  }
}

/**
 * Keeps every open socket as signed in as its token: a sign-out heard from any node (a logout, a password change,
 * "sair de todos os aparelhos") tells the socket why and closes it; a socket whose token expires is asked for a fresh
 * one (`token-expired`) and closed unless it answers with `reauth` within the grace time. The handshake was
 * the only check before, so a socket outlived the logout that ended its token.
 */
export function watchSignIns(io: PapoServer, options: SignInWatchOptions): void {
  const graceMs = options.reauthGraceMs ?? 30_000;
  options.revocations.onSignOut((signOut) => {
    const ids = io.of('/').adapter.rooms.get(rooms.user(signOut.userId));
    for (const id of [...(ids ?? [])]) {
      const socket = io.of('/').sockets.get(id);
      if (!socket || !reaches(signOut, signIns.get(socket))) continue;
      socket.emit('signed-out', { reason: signOut.reason });
      socket.disconnect(true);
    }
  });
  const graces = new SecondsClock((socket) => socket.disconnect(true));
  const expiries = new SecondsClock((socket) => {
    socket.emit('token-expired');
    graces.set(socket, Date.now() + graceMs);
  });
  const schedule = (socket: PapoSocket) => {
    graces.delete(socket);
    const signIn = signIns.get(socket);
    if (signIn) expiries.set(socket, signIn.expiresAtMs);
    else expiries.delete(socket);
  };
  // listeners every socket shares, reading it from `this`: a closure each was memory an idle socket kept.
  function closed(this: PapoSocket): void {
    expiries.delete(this);
    graces.delete(this);
  }
  function reauth(this: PapoSocket, token: unknown, ack?: unknown): void {
    const reply = (answer: SocketAck) => {
      if (typeof ack === 'function') ack(answer);
    };
    if (typeof token !== 'string' || token === '') return reply({ ok: false, message: 'Invalid JWT Token' });
    options.tokens.verifyAccessToken(token).then(
      (claims) => {
        const before = signIns.get(this);
        // a socket stays the member's and the sign-in's it was opened for; another's token changes nothing.
        if (claims.userId !== this.data.userId || claims.sessionId !== before?.sessionId)
          return reply({ ok: false, message: 'Invalid JWT Token' });
        this.data.roles = claims.roles;
        remember(this, claims);
        // a socket that closed while the token was checked is no longer watched.
        if (this.connected) schedule(this);
        reply({ ok: true });
      },
      (error: unknown) =>
        reply({ ok: false, message: error instanceof TokenError ? error.message : 'service_unavailable' }),
    );
  }
  io.on('connection', (socket) => {
    schedule(socket);
    socket.on('disconnect', closed);
    socket.on('reauth', reauth);
  });
}
