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
      (error: unknown) => next(refuse(error instanceof TokenError ? error.message : 'Invalid JWT Token')),
    );
  };
}
