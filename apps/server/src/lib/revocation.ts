import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/**
 * Per-member "access tokens issued before T no longer count" (logout, password reset). The read path is a map
 * lookup: a member's time is loaded from the database on a miss and kept for `ttlMs`; a change is written to the
 * database and announced to every node over Redis, which replace their copy at once. Should an announcement be
 * lost (Redis away), the copy is re-read when it expires, so a revoked token is refused everywhere within `ttlMs`.
 */
export interface Revocations {
  /** Whether a token of `userId` issued at `issuedAtMs` was revoked. */
  isRevoked(userId: number, issuedAtMs: number): Promise<boolean>;
  /** Revokes every access token of the member issued up to now. */
  revoke(userId: number, now?: number): Promise<void>;
  /** Resolves once this node hears the others' announcements (at once without Redis). */
  ready: Promise<void>;
  close(): Promise<void>;
}

interface Options {
  db: Kysely<Database>;
  log: FastifyBaseLogger;
  redisUrl?: string;
  /** Redis channel of the announcements; separate deployments (or test runs) on one Redis use their own. */
  channel?: string;
  ttlMs?: number;
  /** Millisecond clock for the cache; tests pass their own. */
  clock?: () => number;
}

const maxEntries = 100_000;

export function createRevocations(opts: Options): Revocations {
  const ttlMs = opts.ttlMs ?? 60_000;
  const clock = opts.clock ?? Date.now;
  const channel = opts.channel ?? 'papo-token-revocations';
  const cache = new Map<number, { before: number; loadedAt: number }>();
  const remember = (userId: number, before: number) => {
    // NOTE: a crude bound: dropping everything only costs one query per active member.
    if (cache.size >= maxEntries) cache.clear();
    cache.set(userId, { before, loadedAt: clock() });
  };

  const { publish, close, ready } = opts.redisUrl ? announceOverRedis(opts.redisUrl, channel, opts.log, remember) : localOnly;

  async function revokedBefore(userId: number): Promise<number> {
    const cached = cache.get(userId);
    if (cached && clock() - cached.loadedAt < ttlMs) return cached.before;
    const row = await opts.db.selectFrom('token_revocations').select('revoked_before').where('user_id', '=', userId).executeTakeFirst();
    const before = row ? Date.parse(row.revoked_before) : 0;
    remember(userId, before);
    return before;
  }

  return {
    async isRevoked(userId, issuedAtMs) {
      return issuedAtMs < (await revokedBefore(userId));
    },
    async revoke(userId, now = Date.now()) {
      // NOTE: +1 ms: a token issued in the very millisecond of the logout is one the logout was meant to end.
      const before = now + 1;
      const value = new Date(before).toISOString();
      await opts.db
        .insertInto('token_revocations')
        .values({ user_id: userId, revoked_before: value })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ revoked_before: value }))
        .execute();
      remember(userId, before);
      await publish(userId, before);
    },
    ready,
    close,
  };
}

const localOnly = { publish: async () => undefined, close: async () => undefined, ready: Promise.resolve() };

function announceOverRedis(
  url: string,
  channel: string,
  log: FastifyBaseLogger,
  remember: (userId: number, before: number) => void,
): { publish: (userId: number, before: number) => Promise<void>; close: () => Promise<void>; ready: Promise<void> } {
  const options = { maxRetriesPerRequest: 1, commandTimeout: 2_000, enableOfflineQueue: false } as const;
  const pub = new Redis(url, options);
  const sub = new Redis(url, { maxRetriesPerRequest: null });
  let lastWarned = 0;
  const warn = (error: unknown) => {
    if (Date.now() - lastWarned < 30_000) return;
    lastWarned = Date.now();
    log.warn({ err: error }, 'token revocations: redis unavailable; other nodes notice within the cache time');
  };
  pub.on('error', warn);
  sub.on('error', warn);
  const ready = sub.subscribe(channel).then(() => undefined, warn);
  sub.on('message', (_channel: string, message: string) => {
    const [userId, before] = message.split(':').map(Number);
    if (Number.isInteger(userId) && Number.isFinite(before)) remember(userId!, before!);
  });
  return {
    ready,
    async publish(userId, before) {
      await pub.publish(channel, `${userId}:${before}`).catch(warn);
    },
    async close() {
      pub.disconnect();
      sub.disconnect();
    },
  };
}
