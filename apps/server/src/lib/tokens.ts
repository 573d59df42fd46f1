import { randomUUID } from 'node:crypto';
import type { MessageKey } from '@papo/contract/message-keys';
import { SignJWT, errors, jwtVerify } from 'jose';

/** Claims carried by an access token (DESIGN §5). */
export interface AccessClaims {
  userId: number;
  username: string;
  roles: string[];
}

/** What a verified token says besides its claims: when it was issued, in milliseconds (for revocation). */
export interface VerifiedClaims extends AccessClaims {
  issuedAtMs: number;
}

export const accessTokenSeconds = 15 * 60;

/** Why a token was refused; the message is the one sent to clients (the spec's texts). */
export class TokenError extends Error {
  constructor(override readonly message: Extract<MessageKey, 'Invalid JWT Token' | 'Expired JWT Token'>) {
    super(message);
  }
}

/** Signs and verifies the short-lived access tokens (HS256); `isRevoked` refuses tokens a logout ended. */
export function createTokenService(secret: string, opts: { isRevoked?: (userId: number, issuedAtMs: number) => Promise<boolean> } = {}) {
  const key = new TextEncoder().encode(secret);
  return {
    async signAccessToken(claims: AccessClaims, now?: number): Promise<string> {
      const issuedMs = now === undefined ? Date.now() : now * 1000;
      // NOTE: `iat_ms` orders a token against a logout in the same second; `iat` alone has whole seconds.
      return new SignJWT({ username: claims.username, roles: claims.roles, iat_ms: issuedMs })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(claims.userId))
        // NOTE: a unique id, so two tokens issued in the same second for the same member still differ.
        .setJti(randomUUID())
        .setIssuedAt(Math.floor(issuedMs / 1000))
        .setExpirationTime(Math.floor(issuedMs / 1000) + accessTokenSeconds)
        .sign(key);
    },
    async verifyAccessToken(token: string): Promise<VerifiedClaims> {
      let claims: VerifiedClaims;
      try {
        // NOTE: a token without `exp` would never end; one without `iat` could not be revoked. Both are refused.
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], requiredClaims: ['exp', 'iat', 'sub'] });
        const userId = Number(payload.sub);
        const roles = Array.isArray(payload.roles) ? payload.roles.filter((r): r is string => typeof r === 'string') : [];
        if (!Number.isInteger(userId) || typeof payload.username !== 'string') throw new TokenError('Invalid JWT Token');
        const issuedAtMs = typeof payload.iat_ms === 'number' ? payload.iat_ms : (payload.iat ?? 0) * 1000;
        claims = { userId, username: payload.username, roles, issuedAtMs };
      } catch (error) {
        if (error instanceof TokenError) throw error;
        if (error instanceof errors.JWTExpired) throw new TokenError('Expired JWT Token');
        throw new TokenError('Invalid JWT Token');
      }
      // NOTE: outside the try: a database that cannot answer is a 503 for the request, not a bad token (401 would
      // make the client drop its session).
      if (opts.isRevoked && (await opts.isRevoked(claims.userId, claims.issuedAtMs))) throw new TokenError('Expired JWT Token');
      return claims;
    },
  };
}

export type TokenService = ReturnType<typeof createTokenService>;
