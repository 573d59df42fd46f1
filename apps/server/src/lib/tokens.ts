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

/** Signs and verifies the short-lived access tokens (HS256). */
export function createTokenService(secret: string) {
  const key = new TextEncoder().encode(secret);
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
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        const userId = Number(payload.sub);
        const roles = Array.isArray(payload.roles) ? payload.roles.filter((r): r is string => typeof r === 'string') : [];
        if (!Number.isInteger(userId) || typeof payload.username !== 'string') throw new TokenError('Invalid JWT Token');
        return { userId, username: payload.username, roles };
      } catch (error) {
        if (error instanceof TokenError) throw error;
        if (error instanceof errors.JWTExpired) throw new TokenError('Expired JWT Token');
        throw new TokenError('Invalid JWT Token');
      }
    },
  };
}

export type TokenService = ReturnType<typeof createTokenService>;
