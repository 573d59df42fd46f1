import { SignJWT } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accessTokenSeconds, createTokenService, TokenError } from './tokens.js';

const secret = 'a'.repeat(48);
const claims = { userId: 7, username: 'ana', roles: ['ROLE_USER'], sessionId: 'a-sign-in' };

describe('access tokens', () => {
  const tokens = createTokenService(secret);

  it('carry the member id, username and roles back out', async () => {
    const before = Date.now();
    const verified = await tokens.verifyAccessToken(await tokens.signAccessToken(claims));
    expect(verified).toEqual({ ...claims, issuedAtMs: expect.any(Number), expiresAtMs: expect.any(Number) });
    expect(verified.issuedAtMs).toBeGreaterThanOrEqual(before);
  });

  it('differ even when issued in the same second for the same member', async () => {
    const now = Math.floor(Date.now() / 1000);
    expect(await tokens.signAccessToken(claims, now)).not.toBe(await tokens.signAccessToken(claims, now));
  });

  it('expire after 15 minutes with their own message', async () => {
    const issued = Math.floor(Date.now() / 1000) - accessTokenSeconds - 5;
    const token = await tokens.signAccessToken(claims, issued);
    await expect(tokens.verifyAccessToken(token)).rejects.toThrow(new TokenError('Expired JWT Token'));
  });

  it('refuse a token signed with another secret, or no token at all', async () => {
    const foreign = await createTokenService('b'.repeat(48)).signAccessToken(claims);
    await expect(tokens.verifyAccessToken(foreign)).rejects.toThrow(new TokenError('Invalid JWT Token'));
    await expect(tokens.verifyAccessToken('not.a.jwt')).rejects.toThrow(new TokenError('Invalid JWT Token'));
  });

  it.each([
    ['no exp', (jwt: SignJWT) => jwt.setIssuedAt()],
    ['no iat', (jwt: SignJWT) => jwt.setExpirationTime('15m')],
  ])('refuse a correctly signed token with %s', async (_name, complete) => {
    const jwt = new SignJWT({ username: 'ana', roles: [] }).setProtectedHeader({ alg: 'HS256' }).setSubject('7');
    const token = await complete(jwt).sign(new TextEncoder().encode(secret));
    await expect(tokens.verifyAccessToken(token)).rejects.toThrow(new TokenError('Invalid JWT Token'));
  });

  it('refuse a correctly signed token that names no sign-in, which no logout of a device could end', async () => {
    const signed = (extra: Record<string, unknown>) =>
      new SignJWT({ username: 'ana', roles: [], iat_ms: Date.now(), ...extra })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject('7')
        .setIssuedAt()
        .setExpirationTime('15m')
        .sign(new TextEncoder().encode(secret));
    for (const token of [await signed({}), await signed({ sid: '' }), await signed({ sid: 42 })])
      await expect(tokens.verifyAccessToken(token)).rejects.toThrow(new TokenError('Invalid JWT Token'));
    expect((await tokens.verifyAccessToken(await signed({ sid: 'a-sign-in' }))).sessionId).toBe('a-sign-in');
  });

  it("refuse a token issued before its member's revocation time", async () => {
    const revokedBefore = Date.now();
    const guarded = createTokenService(secret, {
      isRevoked: async (userId, issuedAtMs) => userId === 7 && issuedAtMs < revokedBefore,
    });
    const old = await guarded.signAccessToken(claims, Math.floor(revokedBefore / 1000) - 60);
    await expect(guarded.verifyAccessToken(old)).rejects.toThrow(new TokenError('Expired JWT Token'));
    const other = await guarded.signAccessToken({ ...claims, userId: 8 }, Math.floor(revokedBefore / 1000) - 60);
    expect((await guarded.verifyAccessToken(other)).userId).toBe(8);
  });
});

describe('remembered access tokens', () => {
  afterEach(() => vi.useRealTimers());

  it('answer the same claims again, a copy each time', async () => {
    const tokens = createTokenService(secret);
    const token = await tokens.signAccessToken(claims);
    const first = await tokens.verifyAccessToken(token);
    first.roles.push('ROLE_ADMIN');
    expect(await tokens.verifyAccessToken(token)).toMatchObject(claims);
  });

  it('are refused once expired, though verified before', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-24T10:00:00Z') });
    const tokens = createTokenService(secret);
    const token = await tokens.signAccessToken(claims);
    expect(await tokens.verifyAccessToken(token)).toMatchObject(claims);
    vi.setSystemTime(new Date(Date.parse('2026-11-24T10:00:00Z') + accessTokenSeconds * 1000 - 1));
    expect(await tokens.verifyAccessToken(token)).toMatchObject(claims);
    vi.setSystemTime(new Date(Date.parse('2026-11-24T10:00:00Z') + accessTokenSeconds * 1000));
    await expect(tokens.verifyAccessToken(token)).rejects.toThrow(new TokenError('Expired JWT Token'));
  });

  it('are refused once their member is revoked, though verified before', async () => {
    let revokedBefore = 0;
    const guarded = createTokenService(secret, {
      isRevoked: async (_userId, issuedAtMs) => issuedAtMs < revokedBefore,
    });
    const token = await guarded.signAccessToken(claims, Math.floor(Date.now() / 1000) - 60);
    expect(await guarded.verifyAccessToken(token)).toMatchObject(claims);
    revokedBefore = Date.now();
    await expect(guarded.verifyAccessToken(token)).rejects.toThrow(new TokenError('Expired JWT Token'));
  });
});

describe('tokens known at once (verifiedNow, the signed-in hook)', () => {
  afterEach(() => vi.useRealTimers());

  it('answer only a token verified before, with a copy of its claims', async () => {
    const tokens = createTokenService(secret);
    const token = await tokens.signAccessToken(claims);
    expect(tokens.verifiedNow(token)).toBeUndefined();
    expect(tokens.verifiedNow('not.a.jwt')).toBeUndefined();
    await tokens.verifyAccessToken(token);
    const now = tokens.verifiedNow(token)!;
    expect(now).toEqual({ ...claims, issuedAtMs: expect.any(Number), expiresAtMs: expect.any(Number) });
    now.roles.push('ROLE_ADMIN');
    expect(tokens.verifiedNow(token)!.roles).toEqual(['ROLE_USER']);
  });

  it('leave an expired token to verifyAccessToken, which refuses it', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-24T10:00:00Z') });
    const tokens = createTokenService(secret);
    const token = await tokens.signAccessToken(claims);
    await tokens.verifyAccessToken(token);
    vi.setSystemTime(new Date(Date.parse('2026-11-24T10:00:00Z') + accessTokenSeconds * 1000));
    expect(tokens.verifiedNow(token)).toBeUndefined();
  });

  it('answer only while the node knows the member was not revoked since; otherwise they leave it to verifyAccessToken', async () => {
    let revokedBefore = 0;
    let known = true;
    const isRevoked = async (_userId: number, issuedAtMs: number) => issuedAtMs < revokedBefore;
    const guarded = createTokenService(secret, {
      isRevoked,
      revokedNow: (_userId, issuedAtMs) => (known ? issuedAtMs < revokedBefore : undefined),
    });
    const token = await guarded.signAccessToken(claims, Math.floor(Date.now() / 1000) - 60);
    await guarded.verifyAccessToken(token);
    expect(guarded.verifiedNow(token)).toMatchObject(claims);
    known = false;
    expect(guarded.verifiedNow(token)).toBeUndefined();
    known = true;
    revokedBefore = Date.now();
    expect(guarded.verifiedNow(token)).toBeUndefined();
    await expect(guarded.verifyAccessToken(token)).rejects.toThrow(new TokenError('Expired JWT Token'));
    // A service that can revoke but cannot say so at once is always asked.
    const asking = createTokenService(secret, { isRevoked: async () => false });
    await asking.verifyAccessToken(token);
    expect(asking.verifiedNow(token)).toBeUndefined();
  });
});
