import { randomUUID } from 'node:crypto';
import type { MessageKey } from '@papo/contract/message-keys';
import { SignJWT, errors, jwtVerify } from 'jose';
import { LRUCache } from 'lru-cache';

/** Claims carried by an access token (decision 005). */
export interface AccessClaims {
  userId: number;
  username: string;
  roles: string[];
  /**
   * The sign-in (refresh-token family, or IRC link) the token belongs to: what a logout of that device ends. Every
   * token names one, so every sign-out reaches every token (decision 037).
   */
  sessionId: string;
}

/** What a verified token says besides its claims: when it was issued, in milliseconds (for revocation). */
export interface VerifiedClaims extends AccessClaims {
  issuedAtMs: number;
  /** When the token stops counting: an open socket must present a fresh one by then (realtime/handshake-auth.ts). */
  expiresAtMs: number;
}

export const accessTokenSeconds = 15 * 60;
/** How long the browser that signed up may turn its code into a sign-in: codes can be resent for a while. */
export const signupTicketSeconds = 24 * 60 * 60;
const signupTicketType = 'signup+jwt';

/** Why a token was refused; the message is the one sent to clients (the spec's texts). */
export class TokenError extends Error {
  constructor(override readonly message: Extract<MessageKey, 'Invalid JWT Token' | 'Expired JWT Token'>) {
    super(message);
  }
}

/** How many verified tokens are remembered; the least recently used is forgotten first. */
const verifiedCacheSize = 10_000;

interface TokenServiceOptions {
  /** Refuses tokens a logout ended (may read the database). */
  isRevoked?: (userId: number, issuedAtMs: number, sessionId: string) => Promise<boolean>;
  /** The same answer when this node knows it without waiting (undefined when it would have to ask). */
  revokedNow?: (userId: number, issuedAtMs: number, sessionId: string) => boolean | undefined;
}

/** Signs and verifies the short-lived access tokens (HS256); `isRevoked` refuses tokens a logout ended. */
export function createTokenService(secret: string, opts: TokenServiceOptions = {}) {
  const key = new TextEncoder().encode(secret);
  // a member's every call carries the same token for up to 15 minutes; checking its HMAC through
  // WebCrypto each time was the largest cost of a member read (decision 012). A token verified once is
  // remembered with its expiry and answers the same claims until then; an expired one is verified again
  // (and refused the same way). Revocation is checked on every call, remembered or not.
  const verified = new LRUCache<string, { claims: VerifiedClaims; expiresAtMs: number }>({ max: verifiedCacheSize });
  /** A copy of the claims of a token verified before and not yet expired (forgetting it once expired). */
  function knownClaims(token: string): VerifiedClaims | undefined {
    const known = verified.get(token);
    if (known && Date.now() < known.expiresAtMs) return { ...known.claims, roles: [...known.claims.roles] };
    if (known) verified.delete(token);
    return undefined;
  }
  /** The claims of a well-signed, unexpired token (remembered until its expiry), revocation aside. */
  async function checkSignature(token: string): Promise<VerifiedClaims> {
    const known = knownClaims(token);
    if (known) return known;
    let claims: VerifiedClaims;
    try {
      // a token without `exp` would never end; one without `iat` could not be revoked. Both are refused.
      const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], requiredClaims: ['exp', 'iat', 'sub'] });
      const userId = Number(payload.sub);
      const roles = Array.isArray(payload.roles) ? payload.roles.filter((r): r is string => typeof r === 'string') : [];
      if (!Number.isInteger(userId) || typeof payload.username !== 'string') throw new TokenError('Invalid JWT Token');
      const issuedAtMs = typeof payload.iat_ms === 'number' ? payload.iat_ms : (payload.iat ?? 0) * 1000;
      const expiresAtMs = (payload.exp ?? 0) * 1000;
      // a token naming no sign-in would outlive every logout and "sair" of its device (only a sign-out of the
      // whole account could reach it), so it is refused like a forged one.
      if (typeof payload.sid !== 'string' || payload.sid === '') throw new TokenError('Invalid JWT Token');
      claims = { userId, username: payload.username, roles, issuedAtMs, expiresAtMs, sessionId: payload.sid };
      // jose refuses a token once now ≥ exp (whole seconds); `exp` is a required claim here.
      verified.set(token, { claims: { ...claims, roles: [...roles] }, expiresAtMs });
    } catch (error) {
      if (error instanceof TokenError) throw error;
      if (error instanceof errors.JWTExpired) throw new TokenError('Expired JWT Token');
      throw new TokenError('Invalid JWT Token');
    }
    return claims;
  }
  return {
    async signAccessToken(claims: AccessClaims, now?: number): Promise<string> {
      const issuedMs = now === undefined ? Date.now() : now * 1000;
      // `iat_ms` orders a token against a logout in the same second; `iat` alone has whole seconds.
      return (
        new SignJWT({ username: claims.username, roles: claims.roles, iat_ms: issuedMs, sid: claims.sessionId })
          .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
          .setSubject(String(claims.userId))
          // a unique id, so two tokens issued in the same second for the same member still differ.
          .setJti(randomUUID())
          .setIssuedAt(Math.floor(issuedMs / 1000))
          .setExpirationTime(Math.floor(issuedMs / 1000) + accessTokenSeconds)
          .sign(key)
      );
    },
    /**
     * The claims of a token this node verified before and that has not expired, when it also knows at once that the
     * token was not revoked; undefined otherwise (then `verifyAccessToken` decides, and refuses as it always did).
     * What `verifyAccessToken` would answer, without a promise: the signed-in hook's way for a member's every call.
     */
    verifiedNow(token: string): VerifiedClaims | undefined {
      const claims = knownClaims(token);
      if (
        !claims ||
        (opts.isRevoked && opts.revokedNow?.(claims.userId, claims.issuedAtMs, claims.sessionId) !== false)
      )
        return undefined;
      return claims;
    },
    /**
     * A ticket naming the account a browser just created: with it (and only with it) a confirmed code signs that
     * browser in, so a code read on another device verifies the account and nothing more.
     */
    async signSignupTicket(userId: number): Promise<string> {
      const nowSeconds = Math.floor(Date.now() / 1000);
      return new SignJWT({})
        .setProtectedHeader({ alg: 'HS256', typ: signupTicketType })
        .setSubject(String(userId))
        .setIssuedAt(nowSeconds)
        .setExpirationTime(nowSeconds + signupTicketSeconds)
        .sign(key);
    },
    /** The account a signup ticket names, or undefined for a forged, expired or foreign one. */
    async signupTicketUser(ticket: string): Promise<number | undefined> {
      try {
        const { payload } = await jwtVerify(ticket, key, {
          algorithms: ['HS256'],
          typ: signupTicketType,
          requiredClaims: ['exp', 'sub'],
        });
        const userId = Number(payload.sub);
        return Number.isInteger(userId) ? userId : undefined;
      } catch {
        return undefined;
      }
    },
    async verifyAccessToken(token: string): Promise<VerifiedClaims> {
      const claims = await checkSignature(token);
      // outside the signature check: a database that cannot answer is a 503 for the request, not a bad
      // token (401 would make the client drop its session).
      if (opts.isRevoked && (await opts.isRevoked(claims.userId, claims.issuedAtMs, claims.sessionId)))
        throw new TokenError('Expired JWT Token');
      return claims;
    },
  };
}

export type TokenService = ReturnType<typeof createTokenService>;
