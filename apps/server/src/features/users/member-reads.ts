import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { etagOf, type CacheRegistry, type CachedValue, type SharedCache } from '../../lib/shared-cache.js';
import { alwaysRead, bodyOf, sendBody } from '../../lib/conditional.js';

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

// NOTE: writers get a database, not the app (repos are plain functions over Kysely). Every app built over a
// database registers its caches here; two nodes of one test may share one database, hence a set.
const registries = new WeakMap<Kysely<Database>, Set<CacheRegistry>>();

/** Makes `memberChanged(db, …)` reach `registry`; undone when the app closes. */
export function linkMemberReads(app: FastifyInstance): void {
  const linked = registries.get(app.db) ?? new Set<CacheRegistry>();
  registries.set(app.db, linked);
  linked.add(app.caches);
  app.addHook('onClose', async () => {
    linked.delete(app.caches);
  });
}

/**
 * Forgets `reads` of these members on this node and every other: what a writer calls once its write is
 * committed. Called with a transaction it throws: a read between the call and the commit would cache the
 * old rows again, so the caller announces after its transaction.
 */
export async function memberChanged(db: Kysely<Database>, userIds: number | readonly number[], reads: readonly MemberRead[]): Promise<void> {
  if (db.isTransaction) throw new Error('memberChanged: announce the change after the transaction commits');
  const linked = registries.get(db);
  // NOTE: no app over this database (a seed, a script): nothing is cached.
  if (!linked?.size) return;
  const ids = typeof userIds === 'number' ? [userIds] : [...new Set(userIds)];
  await Promise.all([...linked].flatMap((registry) => ids.flatMap((id) => reads.map((read) => registry.forget(cacheName(read), id)))));
}

/** Forgets `read` of every member (a write across members, such as pruning old notifications). */
export async function everyMemberChanged(db: Kysely<Database>, read: MemberRead): Promise<void> {
  if (db.isTransaction) throw new Error('everyMemberChanged: announce the change after the transaction commits');
  await Promise.all([...(registries.get(db) ?? [])].map((registry) => registry.forget(cacheName(read))));
}

/** The node's cache of one member read, keyed by user id; `load` answers undefined for a missing member (not cached). */
export function memberReadCache<V>(app: FastifyInstance, read: MemberRead, load: (userId: number) => Promise<V | undefined>): SharedCache<number, V> {
  if (app.hasDecorator('caches')) return app.caches.cache<number, V>(cacheName(read), load, { maxEntries: maxMembersPerRead });
  // NOTE: an app put together without the cache registry (a hand-built node of a cluster test) reads each time.
  return {
    async get(userId) {
      const value = await load(userId);
      if (value === undefined) return undefined;
      const json = JSON.stringify(value);
      return { value, json, etag: etagOf(json) };
    },
    peek: () => undefined,
    invalidate: async () => undefined,
    invalidateAll: async () => undefined,
  };
}

/** Sends a cached member read as the route would have serialised it (compressed once when large and accepted). */
export function sendMemberRead(request: FastifyRequest, reply: FastifyReply, cached: CachedValue<unknown> | undefined): FastifyReply {
  return sendBody(reply, bodyOf(alwaysRead(cached), request.headers['accept-encoding']));
}
