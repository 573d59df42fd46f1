import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Bus } from './bus.js';
import { LRUCache } from 'lru-cache';
import { isRecord } from '@papo/contract/records';
import { signOutReasons, type SignOutAnswer } from '@papo/contract/sign-out';

/**
 * Per-member "access tokens issued before T no longer count" (logout, password reset), and the sign-outs that close
 * what is already connected (sockets, IRC links) on every node. The read path is a map
 * lookup: a member's time is loaded from the database on a miss and kept for `ttlMs`; a change is written to the
 * database and announced to every node over the bus, which replace their copy at once. Should an announcement be
 * lost (Redis away), the copy is re-read when it expires, so a revoked token is refused everywhere within `ttlMs`.
 */
export interface Revocations {
  /**
   * Whether a token of `userId` issued at `issuedAtMs` for the sign-in `sessionId` no longer counts: revoked, or its
   * sign-in ended, gone or never the member's.
   */
  isRevoked(userId: number, issuedAtMs: number, sessionId: string): Promise<boolean>;
  /** The same answer when the node holds fresh copies of what it needs; undefined when it would read them. */
  revokedNow(userId: number, issuedAtMs: number, sessionId: string): boolean | undefined;
  /** Revokes every access token of the member issued up to now. */
  revoke(userId: number, now?: number): Promise<void>;
  /** Revokes the access tokens of one sign-in, whose refresh-token family the caller has already ended. */
  revokeSession(sessionId: string): Promise<void>;
  /** Resolves once this node hears the others' announcements (at once without Redis). */
  ready: Promise<void>;
  /**
   * Tells every node, this one at once, to close what a sign-out ended: the sockets of one sign-in (`sessionId`), or
   * every socket and IRC link of the member but those of `keepSessionId`. The caller has ended the refresh tokens,
   * access tokens and push devices first; this only reaches what is already connected.
   */
  announceSignOut(signOut: SignOut): Promise<void>;
  /** Hears every sign-out, this node's and the others'. */
  onSignOut(listener: (signOut: SignOut) => void): void;
}

/** Why open connections are closed; the web shows it and IRC says it in `ERROR :Closing Link`. */
export type SignOutReason = SignOutAnswer['reason'];

export interface SignOut {
  userId: number;
  reason: SignOutReason;
  /** Only this sign-in's connections (a logout, "sair" on one device). */
  sessionId?: string;
  /** Every connection of the member but this sign-in's (a password change keeps the device that made it). */
  keepSessionId?: string;
}

interface Options {
  db: Kysely<Database>;
  /** Where the nodes hear of each other's revocations. */
  bus: Bus;
  ttlMs?: number;
  /** Millisecond clock for the cache; tests pass their own. */
  clock?: () => number;
}

const maxEntries = 100_000;
const revocationTopic = 'token-revocations';
const sessionTopic = 'session-revocations';
const signOutTopic = 'sign-outs';

function parseSignOut(message: string): SignOut | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(message);
  } catch {
    return undefined;
  }
  if (!isRecord(parsed) || typeof parsed.userId !== 'number' || !Number.isInteger(parsed.userId)) return undefined;
  const reason = signOutReasons.find((known) => known === parsed.reason);
  if (!reason) return undefined;
  return {
    userId: parsed.userId,
    reason,
    ...(typeof parsed.sessionId === 'string' ? { sessionId: parsed.sessionId } : {}),
    ...(typeof parsed.keepSessionId === 'string' ? { keepSessionId: parsed.keepSessionId } : {}),
  };
}

export function createRevocations(opts: Options): Revocations {
  const ttlMs = opts.ttlMs ?? 60_000;
  const clock = opts.clock ?? Date.now;
  const cache = new LRUCache<number, { before: number; loadedAt: number }>({ max: maxEntries });
  const remember = (userId: number, before: number) => {
    cache.set(userId, { before, loadedAt: clock() });
  };

  const signOutListeners: ((signOut: SignOut) => void)[] = [];
  const hearSignOut = (signOut: SignOut) => {
    for (const listener of signOutListeners) listener(signOut);
  };
  // this node hears its own announcement again through Redis or PostgreSQL; closing what is already closed
  // does nothing, so the echo is harmless and this node never waits for the bus to close its own connections.
  opts.bus.on(signOutTopic, (message) => {
    const signOut = parseSignOut(message);
    if (signOut) hearSignOut(signOut);
  });

  // a sign-in's state is its refresh-token family: live while its row is there, not revoked, and of the token's
  // member. A token naming a row that is gone (or never was) would outlive every sign-out of its device, so it is
  // refused like a revoked one. A revoked or missing sign-in never comes back, so only the "live, of member N"
  // answer needs re-reading when it ages; `owner` is null for the others.
  const sessions = new LRUCache<string, { owner: number | null; loadedAt: number }>({ max: maxEntries });
  opts.bus.on(sessionTopic, (sessionId) => {
    sessions.set(sessionId, { owner: null, loadedAt: clock() });
  });
  function knownSessionRevoked(userId: number, sessionId: string): boolean | undefined {
    const cached = sessions.get(sessionId);
    if (!cached || (cached.owner !== null && clock() - cached.loadedAt >= ttlMs)) return undefined;
    return cached.owner !== userId;
  }
  async function sessionRevoked(userId: number, sessionId: string): Promise<boolean> {
    const known = knownSessionRevoked(userId, sessionId);
    if (known !== undefined) return known;
    const row = await opts.db
      .selectFrom('refresh_token_families')
      .select(['user_id', 'revoked_at'])
      .where('id', '=', sessionId)
      .executeTakeFirst();
    const owner = row && row.revoked_at === null ? row.user_id : null;
    sessions.set(sessionId, { owner, loadedAt: clock() });
    return owner !== userId;
  }

  opts.bus.on(revocationTopic, (message) => {
    const [userId, before] = message.split(':').map(Number);
    if (userId !== undefined && before !== undefined && Number.isInteger(userId) && Number.isFinite(before))
      remember(userId, before);
  });

  /** The member's revocation time while the node's copy is fresh. */
  function knownRevokedBefore(userId: number): number | undefined {
    const cached = cache.get(userId);
    return cached && clock() - cached.loadedAt < ttlMs ? cached.before : undefined;
  }

  async function revokedBefore(userId: number): Promise<number> {
    const known = knownRevokedBefore(userId);
    if (known !== undefined) return known;
    const row = await opts.db
      .selectFrom('token_revocations')
      .select('revoked_before')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    const before = row ? Date.parse(row.revoked_before) : 0;
    remember(userId, before);
    return before;
  }

  return {
    async isRevoked(userId, issuedAtMs, sessionId) {
      if (issuedAtMs < (await revokedBefore(userId))) return true;
      return sessionRevoked(userId, sessionId);
    },
    revokedNow(userId, issuedAtMs, sessionId) {
      const before = knownRevokedBefore(userId);
      if (before === undefined) return undefined;
      if (issuedAtMs < before) return true;
      return knownSessionRevoked(userId, sessionId);
    },
    async revokeSession(sessionId) {
      sessions.set(sessionId, { owner: null, loadedAt: clock() });
      await opts.bus.publish(sessionTopic, sessionId);
    },
    async revoke(userId, now = Date.now()) {
      // +1 ms: a token issued in the very millisecond of the logout is one the logout was meant to end.
      const before = now + 1;
      const value = new Date(before).toISOString();
      await opts.db
        .insertInto('token_revocations')
        .values({ user_id: userId, revoked_before: value })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ revoked_before: value }))
        .execute();
      remember(userId, before);
      await opts.bus.publish(revocationTopic, `${userId}:${before}`);
    },
    ready: opts.bus.ready,
    async announceSignOut(signOut) {
      hearSignOut(signOut);
      await opts.bus.publish(signOutTopic, JSON.stringify(signOut));
    },
    onSignOut(listener) {
      signOutListeners.push(listener);
    },
  };
}
