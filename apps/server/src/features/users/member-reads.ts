import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { cachesOf, forgetAfterCommit, type SharedCache } from '../../lib/shared-cache.js';

/**
 * The member reads every page load makes, kept per member in memory (decision 020): the profile, the bell's
 * first page, the favourite channels and the conversation list. What each depends on, and who writes it:
 *
 * | read | depends on | writers (each announces through `memberChanged` after its commit) |
 * |---|---|---|
 * | profile | the user's row, nicknames, favourites, conversations (order, the other member's name) | profile updates and picture, nickname service, favourites, conversations, private messages |
 * | notifications | the member's notifications | notifications repo (insert, mark read), pruning (every member) |
 * | favorites | favourite_channels (channels are never renamed or removed) | favourites repo |
 * | conversations | conversations, their messages, read markers, the other member's name | conversations, private messages, read markers, nickname selection |
 *
 * `member-reads.test.ts` fails when a file that writes one of those tables neither announces nor is named there
 * with its reason, so a new writer cannot be forgotten.
 */
export type MemberRead = 'profile' | 'notifications' | 'favorites' | 'conversations';

/**
 * Members a node keeps each read for; the oldest is forgotten first (a forgotten one is one query away).
 * NOTE: the bell's first page is the largest (up to 51 notifications, ~10–20 KB as JSON and objects), so the
 * four reads of 5,000 members stay within ~100 MB at worst.
 */
const maxMembersPerRead = 5_000;

const cacheName = (read: MemberRead) => `member-${read}`;

/**
 * Forgets `reads` of these members on this node and every other: what a writer calls once its write is
 * committed. Called with a transaction it throws: a read between the call and the commit would cache the
 * old rows again, so the caller announces after its transaction.
 */
export async function memberChanged(
  db: Kysely<Database>,
  userIds: number | readonly number[],
  reads: readonly MemberRead[],
): Promise<void> {
  const ids = typeof userIds === 'number' ? [userIds] : userIds;
  await Promise.all(reads.map((read) => forgetAfterCommit(db, cacheName(read), ids)));
}

/** Forgets `read` of every member (a write across members, such as pruning old notifications). */
export async function everyMemberChanged(db: Kysely<Database>, read: MemberRead): Promise<void> {
  await forgetAfterCommit(db, cacheName(read));
}

/** The node's cache of one member read, keyed by user id; `load` answers undefined for a missing member (not cached). */
export function memberReadCache<V>(
  app: FastifyInstance,
  read: MemberRead,
  load: (userId: number) => Promise<V | undefined>,
): SharedCache<number, V> {
  return cachesOf(app).cache<number, V>(cacheName(read), load, { maxEntries: maxMembersPerRead });
}
