/**
 * List pages kept with the version keys of their rows (`<id> <updated_at>`,
 * src/api/resource-fragments.ts): a page assembled from fragments (src/api/page-from-fragments.ts)
 * is its URL, its rows' versions and whether more rows follow, and nothing else, so when a fresh
 * read of its rows' versions gives the same keys, the bytes kept are the page. The page cache
 * (src/db/fresh-cache.ts) forgets an organization's pages at any commit in it; these are checked
 * row by row at each request instead, so a page whose rows did not change is served without being
 * assembled again while others in the organization change, in this process or another. Bounded by
 * bytes: the oldest page goes first.
 */

interface Kept {
  readonly versions: readonly string[];
  readonly hasMore: boolean;
  readonly page: Buffer;
  /** What the entry is counted as against the budget. */
  readonly size: number;
}

/** A version key's share of an entry's size: the string and its slot (an estimate). */
const VERSION_KEY_BYTES = 96;

export class VersionedPages {
  readonly #budget: number;
  readonly #largest: number;
  readonly #kept = new Map<string, Kept>();
  #bytes = 0;
  /** Pages served as kept, and pages that were not (for the metrics' hit ratios). */
  hits = 0;
  misses = 0;

  /** At most `budget` bytes in all; pages over `largest` bytes are not kept. */
  constructor(budget: number, largest: number) {
    this.#budget = budget;
    this.#largest = largest;
  }

  /**
   * The page kept under `key` (its request's identity: organization, user and URL) when it was
   * made of the rows `versions`, in that order, with `hasMore` as given.
   */
  get(key: string, versions: readonly string[], hasMore: boolean): Buffer | undefined {
    const kept = this.#kept.get(key);
    if (kept !== undefined && kept.hasMore === hasMore && sameVersions(kept.versions, versions)) {
      this.hits++;
      return kept.page;
    }
    this.misses++;
    return undefined;
  }

  /** Keeps `page` as what `key` is while its rows are `versions` (replacing what it was before). */
  set(key: string, versions: readonly string[], hasMore: boolean, page: Buffer): void {
    this.#forget(key);
    const size = page.length + versions.length * VERSION_KEY_BYTES;
    if (page.length > this.#largest || size > this.#budget) return;
    while (this.#bytes + size > this.#budget) this.#forget(this.#kept.keys().next().value!);
    this.#kept.set(key, { versions, hasMore, page, size });
    this.#bytes += size;
  }

  #forget(key: string): void {
    const kept = this.#kept.get(key);
    if (kept === undefined) return;
    this.#kept.delete(key);
    this.#bytes -= kept.size;
  }

  /** The bytes counted against the budget. */
  get bytes(): number {
    return this.#bytes;
  }

  get size(): number {
    return this.#kept.size;
  }
}

/** Both lists hold the same keys in the same order (fresh strings compare by content, unhashed). */
function sameVersions(kept: readonly string[], read: readonly string[]): boolean {
  if (kept.length !== read.length) return false;
  for (let i = 0; i < read.length; i++) if (kept[i] !== read[i]) return false;
  return true;
}
