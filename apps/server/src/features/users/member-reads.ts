import type { FastifyInstance } from 'fastify';
import { isRecord } from '@papo/contract/records';
import { cachesOf, type SharedCache } from '../../lib/shared-cache.js';

/**
 * The member reads every page load makes, kept per member in memory (decisions 020 and 053): the profile, the bell's
 * first page, the favourite channels and the conversation list. Each record keeps the tables its load read, and is
 * forgotten on every node by any commit that writes one of them (db/changes.ts): no writer announces by hand. The
 * tables keyed by member are narrowed to the members a read shows, so one member's write leaves the others' kept:
 *
 * | read | a member's rows of | the rest, read whole |
 * |---|---|---|
 * | profile | users, nicknames (the member and each conversation's other member), favorite_channels | conversations, channels |
 * | notifications | notifications | — |
 * | favorites | favorite_channels | channels |
 * | conversations | — | conversations, their messages and read markers, users, nicknames |
 */
export type MemberRead = 'profile' | 'notifications' | 'favorites' | 'conversations';

/**
 * Members a node keeps each read for; the oldest is forgotten first (a forgotten one is one query away).
 * NOTE: the bell's first page is the largest (up to 51 notifications, ~10–20 KB as JSON and objects), so the
 * four reads of 5,000 members stay within ~100 MB at worst.
 */
const maxMembersPerRead = 5_000;

const cacheName = (read: MemberRead) => `member-${read}`;

/** The other members a profile names (its conversations'), whose names it shows. */
function partnersOf(value: unknown): number[] {
  if (!isRecord(value) || !Array.isArray(value.conversations)) return [];
  return value.conversations.flatMap((conversation: unknown) =>
    isRecord(conversation) && isRecord(conversation.user) && typeof conversation.user.id === 'number'
      ? [conversation.user.id]
      : [],
  );
}

/** The rows of tables keyed by member that each read is made of (lib/shared-cache.ts `rows`). */
const memberRows: Record<MemberRead, (userId: number, value: unknown) => Record<string, number[]>> = {
  profile: (userId, value) => {
    const named = [userId, ...partnersOf(value)];
    return { users: named, nicknames: named, favorite_channels: [userId] };
  },
  notifications: (userId) => ({ notifications: [userId] }),
  favorites: (userId) => ({ favorite_channels: [userId] }),
  conversations: () => ({}),
};

/** The node's cache of one member read, keyed by user id; `load` answers undefined for a missing member (not cached). */
export function memberReadCache<V>(
  app: FastifyInstance,
  read: MemberRead,
  load: (userId: number) => Promise<V | undefined>,
): SharedCache<number, V> {
  return cachesOf(app).cache<number, V>(cacheName(read), load, {
    maxEntries: maxMembersPerRead,
    rows: memberRows[read],
  });
}
