import { randomUUID } from 'node:crypto';
import type { MessageKey } from '@papo/contract/message-keys';
import { SignJWT, errors, jwtVerify } from 'jose';

/** Claims carried by an access token (DESIGN §5). */
export interface AccessClaims {
  userId: number;
  username: string;
  roles: string[];
}

export const accessTokenSeconds = 15 * 60;

/** Why a token was refused; the message is the one sent to clients (the spec's texts). */
export class TokenError extends Error {
  constructor(override readonly message: Extract<MessageKey, 'Invalid JWT Token' | 'Expired JWT Token'>) {
    super(message);
  }
}

/** How many verified tokens are remembered; the oldest is forgotten first. */
const verifiedCacheSize = 10_000;

/** Signs and verifies the short-lived access tokens (HS256). */
export function createTokenService(secret: string) {
  const key = new TextEncoder().encode(secret);
  // NOTE: a member's every call carries the same token for up to 15 minutes; checking its HMAC through
  // WebCrypto each time was the largest cost of a member read (decision 012). A token verified once is
  // remembered with its expiry and answers the same claims until then; an expired one is verified again
  // (and refused exactly as before).
  const verified = new Map<string, { claims: AccessClaims; expiresAtMs: number }>();
  return {
    async signAccessToken(claims: AccessClaims, now = Math.floor(Date.now() / 1000)): Promise<string> {
      return new SignJWT({ username: claims.username, roles: claims.roles })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(claims.userId))
        // NOTE: a unique id, so two tokens issued in the same second for the same member still differ.
        .setJti(randomUUID())
        .setIssuedAt(now)
        .setExpirationTime(now + accessTokenSeconds)
        .sign(key);
    },
    async verifyAccessToken(token: string): Promise<AccessClaims> {
      const known = verified.get(token);
      if (known && Date.now() < known.expiresAtMs) return { ...known.claims, roles: [...known.claims.roles] };
      if (known) verified.delete(token);
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        const userId = Number(payload.sub);
        const roles = Array.isArray(payload.roles) ? payload.roles.filter((r): r is string => typeof r === 'string') : [];
        if (!Number.isInteger(userId) || typeof payload.username !== 'string') throw new TokenError('Invalid JWT Token');
        const claims = { userId, username: payload.username, roles };
        // NOTE: jose refuses a token once now ≥ exp (in whole seconds); a token without exp is not remembered.
        if (typeof payload.exp === 'number') {
          if (verified.size >= verifiedCacheSize) verified.delete(verified.keys().next().value!);
          verified.set(token, { claims: { ...claims, roles: [...roles] }, expiresAtMs: payload.exp * 1000 });
        }
        return claims;
      } catch (error) {
        if (error instanceof TokenError) throw error;
        if (error instanceof errors.JWTExpired) throw new TokenError('Expired JWT Token');
        throw new TokenError('Invalid JWT Token');
      }
    },
  };
}

export type TokenService = ReturnType<typeof createTokenService>;
