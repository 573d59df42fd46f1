import type { IncomingMessage } from 'node:http';
import type { MessageKey } from '@papo/contract/message-keys';
import { TokenError, type TokenService } from '../lib/tokens.js';
import type { PapoSocket } from './types.js';

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
 * HTTP API uses (DESIGN §5), so the client handles both the same way.
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
        next();
      },
      // NOTE: anything but a bad token (the database not answering the revocation check) is ours, not the client's.
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
 * is refused with `too_many_connections` rather than closing one the member is using. NOTE: counted here rather
 * than read from the member's room, which is joined only after the handshake: 300 handshakes at once all pass a
 * room-size check.
 */
export function limitSocketsPerUser(max: number) {
  const open = new Map<number, number>();
  return (socket: PapoSocket, next: (error?: RefusedHandshake) => void): void => {
    const { userId } = socket.data;
    const count = open.get(userId) ?? 0;
    if (count >= max) return next(refuse('too_many_connections'));
    open.set(userId, count + 1);
    socket.once('disconnect', () => {
      const left = (open.get(userId) ?? 1) - 1;
      if (left > 0) open.set(userId, left);
      else open.delete(userId);
    });
    next();
  };
}
