/**
 * Serialized resources by version: the JSON of a resource as a page shows it, kept under its
 * type and id with the updated_at it was made from. A row's updated_at moves on with every change
 * of the row (src/crm/records.ts nextVersion; its ETag depends on it too), and a resource's
 * document is made from its row alone, so the JSON of a version never goes stale: nothing needs
 * emptying when data changes, and a write in an organization leaves the fragments of its other
 * rows in use. Pages that miss the page cache are assembled from these
 * (src/api/page-from-fragments.ts) instead of fetching and serializing every row again.
 * Bounded: the oldest entry goes first.
 */
interface Fragment {
  version: string;
  /** UTF-8: a page is assembled by copying bytes, never by walking strings again. */
  json: Buffer;
}

export class ResourceFragments {
  readonly #capacity: number;
  readonly #types = new Map<string, Map<string, Fragment>>();
  #size = 0;
  /** Lookups answered from memory, and lookups that were not (for the metrics' hit ratios). */
  hits = 0;
  misses = 0;

  constructor(capacity: number) {
    this.#capacity = capacity;
  }

  #of(type: string): Map<string, Fragment> {
    let fragments = this.#types.get(type);
    if (!fragments) this.#types.set(type, (fragments = new Map()));
    return fragments;
  }

  /** The JSON of the resource `type`/`id` in `version`, when kept. */
  get(type: string, id: string, version: string): Buffer | undefined {
    const fragment = this.#types.get(type)?.get(id);
    if (fragment?.version === version) {
      this.hits++;
      return fragment.json;
    }
    this.misses++;
    return undefined;
  }

  /** Keeps `json` as the resource's document in `version` (an older version's goes). */
  set(type: string, id: string, version: string, json: Buffer): void {
    const fragments = this.#of(type);
    if (fragments.delete(id)) this.#size--;
    while (this.#size >= this.#capacity) this.#evictOldest();
    fragments.set(id, { version, json });
    this.#size++;
  }

  #evictOldest(): void {
    for (const fragments of this.#types.values()) {
      const oldest = fragments.keys().next();
      if (!oldest.done) {
        fragments.delete(oldest.value);
        this.#size--;
        return;
      }
    }
  }

  get size(): number {
    return this.#size;
  }
}
