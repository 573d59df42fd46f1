import type { Kysely } from 'kysely';
import { reusableQueryOf } from '../../db/reusable-query.js';
import type { Database } from '../../db/schema.js';
import { etagOf, type CachedValue } from '../../lib/shared-cache.js';

/** Answers kept per node; the oldest is forgotten first. */
const answersLimit = 1000;

const versionQuery = reusableQueryOf([], (db: Kysely<Database>) => db.selectFrom('search_version').select('version').where('id', '=', 1));

/**
 * Search answers kept in this node's memory with the index version they were computed at (decision 020).
 * Every change to the searchable documents moves `search_version` in the writer's own transaction (triggers,
 * migration 2026_11_25_500), whoever the writer and whichever the node, so reading that one row tells whether a
 * kept answer still holds: a write is seen by the next search on every node, with no message between nodes.
 */
export function searchAnswers(db: Kysely<Database>) {
  const entries = new Map<string, { version: number; answer: CachedValue<unknown> }>();
  return async function answer<T>(key: string, compute: () => Promise<T>): Promise<CachedValue<T>> {
    // NOTE: the version is read before the answer is computed, so an answer is never older than its version.
    const [row] = await versionQuery(db);
    const version = Number(row?.version ?? 0);
    const kept = entries.get(key);
    if (kept?.version === version) return kept.answer as CachedValue<T>;
    const value = await compute();
    const json = JSON.stringify(value);
    const computed = { value, json, etag: etagOf(json) };
    entries.delete(key);
    if (entries.size >= answersLimit) entries.delete(entries.keys().next().value!);
    entries.set(key, { version, answer: computed });
    return computed;
  };
}
