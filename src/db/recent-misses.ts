/**
 * The last `capacity` keys missed once, for a cache that keeps a value only on its second miss
 * (FreshCache's `admitOnSecondMiss`). Each key is remembered by a 30-bit hash, a small integer
 * that the set holds in place, not by its text.
 *
 * Under a load that walks many pages, every request misses and adds a key, and the set keeps it
 * for `capacity` requests: long enough to outlive a young-generation collection. When the set
 * grows or sweeps out its deleted entries, V8 leaves the old table in the old generation until
 * the next full collection, and a table holding texts would keep each of them alive through
 * further young-generation collections and then promote it. With integers there is nothing to keep.
 *
 * Two keys with the same hash count as one: a page may be kept on its first miss, once in a
 * few million keys, which is harmless.
 */
export class RecentMisses {
  readonly #capacity: number;
  readonly #hashes = new Set<number>();

  constructor(capacity: number) {
    this.#capacity = capacity;
  }

  /**
   * Whether `key` was among the last keys missed once; it is forgotten then (it is about to be
   * kept). Otherwise it is remembered, and the oldest key goes when there are `capacity` of them.
   */
  seenBefore(key: string): boolean {
    const hash = keyHash(key);
    if (this.#hashes.delete(hash)) return true;
    if (this.#hashes.size >= this.#capacity) this.#hashes.delete(this.#hashes.values().next().value!);
    this.#hashes.add(hash);
    return false;
  }

  get size(): number {
    return this.#hashes.size;
  }
}

/** FNV-1a over the UTF-16 code units, folded to 30 bits so that V8 stores it as a small integer. */
export function keyHash(key: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key.charCodeAt(i), 0x01000193);
  return (hash ^ (hash >>> 30)) & 0x3fffffff;
}
