/**
 * Serialized resources by version: the JSON of a resource as a page shows it, kept under its
 * type and version key (`<id> <updated_at>`, versionKey below), with the values a page's cursor
 * may take from it. A row's updated_at moves on with every change of the row (src/crm/records.ts
 * nextVersion; its ETag depends on it too), and a resource's document is made from its row alone,
 * so the JSON of a version never goes stale: nothing needs emptying when data changes, and a write
 * in an organization leaves the fragments of its other rows in use. Pages that miss the page cache
 * are assembled from these (src/api/page-from-fragments.ts) instead of fetching and serializing
 * every row again. A page's query reads each row's version key as one text, which is looked up
 * as it comes. Bounded: the oldest entry goes first.
 */
export interface Fragment {
  readonly id: string;
  /** UTF-8: a page is assembled by copying bytes, never by walking strings again. */
  readonly json: Buffer;
  /** The row's values of its sortable columns, in this version (a page's cursors name its edge rows' values). */
  readonly sortValues: Readonly<Record<string, unknown>>;
}

/** The key of a row's version: its id and its updated_at, as the page query selects it (src/db/text-values.ts). */
export function versionKey(id: string, updatedAt: string): string {
  return `${id} ${updatedAt}`;
}

/** The id of a version key (an updated_at holds no space). */
export function idOfVersionKey(key: string): string {
  return key.slice(0, key.lastIndexOf(' '));
}

interface Kept {
  /** Fragments by version key. */
  readonly byKey: Map<string, Fragment>;
  /** The version key kept for each id (a newer version's fragment replaces an older one's). */
  readonly keyOf: Map<string, string>;
}

export class ResourceFragments {
  readonly #capacity: number;
  readonly #types = new Map<string, Kept>();
  #size = 0;
  /** Lookups answered from memory, and lookups that were not (for the metrics' hit ratios). */
  hits = 0;
  misses = 0;

  constructor(capacity: number) {
    this.#capacity = capacity;
  }

  #of(type: string): Kept {
    let kept = this.#types.get(type);
    if (!kept) this.#types.set(type, (kept = { byKey: new Map(), keyOf: new Map() }));
    return kept;
  }

  /** The resource `type` in the version `key` (versionKey), when kept. */
  get(type: string, key: string): Fragment | undefined {
    const fragment = this.#types.get(type)?.byKey.get(key);
    if (fragment !== undefined) this.hits++;
    else this.misses++;
    return fragment;
  }

  /** Keeps `fragment` as the resource's document in `version` (an older version's goes). */
  set(type: string, version: string, fragment: Fragment): void {
    const { byKey, keyOf } = this.#of(type);
    const older = keyOf.get(fragment.id);
    if (older !== undefined && byKey.delete(older)) this.#size--;
    while (this.#size >= this.#capacity) this.#evictOldest();
    const key = versionKey(fragment.id, version);
    byKey.set(key, fragment);
    keyOf.set(fragment.id, key);
    this.#size++;
  }

  #evictOldest(): void {
    for (const { byKey, keyOf } of this.#types.values()) {
      const oldest = byKey.entries().next();
      if (!oldest.done) {
        const [key, { id }] = oldest.value;
        byKey.delete(key);
        keyOf.delete(id);
        this.#size--;
        return;
      }
    }
  }

  get size(): number {
    return this.#size;
  }
}
