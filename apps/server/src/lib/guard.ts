import { isStaff, roles } from '@papo/contract/auth';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { httpError } from './http-error.js';
import { TokenError, type AccessClaims } from './tokens.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in member, set by `requireUser` / `requireStaff`. */
    user?: AccessClaims;
  }
}

/** The token of `Authorization: Bearer <jwt>`; the scheme is case-insensitive (RFC 9110 §11.1), as the socket handshake reads it too. */
function bearerToken(request: FastifyRequest): string | undefined {
  return /^Bearer\s+(.*)$/i.exec(request.headers.authorization ?? '')?.[1]?.trim();
}

/** Reads `Authorization: Bearer <jwt>`; 401 with the spec's messages when it is missing or bad. */
async function requireUser(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const token = bearerToken(request);
  if (!token) throw httpError(401, 'JWT Token not found');
  try {
    request.user = await request.server.tokens.verifyAccessToken(token);
  } catch (error) {
    if (error instanceof TokenError) throw httpError(401, error.message);
    throw error;
  }
}

/**
 * `requireUser` as a route hook (`onRequest`) for members' routes: a token this node verified before and knows
 * is not revoked is accepted at once, so the request goes on in the same turn — before a POST's body has been read,
 * which then flows straight to the parser instead of waiting in the stream's buffer (decision 020); any
 * other token goes through `requireUser`, which refuses it the same way.
 */
export function signedIn(request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void): void {
  const token = bearerToken(request);
  const claims = token ? request.server.tokens.verifiedNow(token) : undefined;
  if (claims) {
    request.user = claims;
    done();
    return;
  }
  requireUser(request, reply).then(() => done(), done);
}

/** Staff only (ROLE_ADMIN or ROLE_MODERATOR): 401 without a valid token, 403 without the role. */
export async function requireStaff(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  await requireUser(request, reply);
  if (!isStaff(currentUser(request).roles)) throw httpError(403, 'forbidden');
}

/** Administrators only (ROLE_ADMIN): 401 without a valid token, 403 for moderators and members. */
export async function requireAdmin(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  await requireUser(request, reply);
  if (!currentUser(request).roles.includes(roles.admin)) throw httpError(403, 'forbidden');
}

/**
 * The signed-in member on a public route that answers everyone but adapts to members (news in their
 * language, their own vote): undefined without an Authorization header; a bad token is still a 401, so
 * the client refreshes it rather than being silently treated as a visitor.
 */
export async function optionalUser(request: FastifyRequest, reply: FastifyReply): Promise<AccessClaims | undefined> {
  if (!request.headers.authorization) return undefined;
  await requireUser(request, reply);
  return request.user;
}

/** The signed-in member of a route guarded by `requireUser`. */
export function currentUser(request: FastifyRequest): AccessClaims {
  if (!request.user) throw httpError(401, 'JWT Token not found');
  return request.user;
}
