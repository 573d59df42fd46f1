/**
 * Sets `key` in a map used as a small cache, then forgets its oldest entries (maps keep insertion order) until it holds
 * at most `limit`: the one eviction of the in-memory caches (prepared statements, parsed queries, verified tokens…).
 */
export function setBounded<K, V>(map: Map<K, V>, key: K, value: V, limit: number): void {
  map.set(key, value);
  for (const oldest of map.keys()) {
    if (map.size <= limit) return;
    map.delete(oldest);
  }
}
