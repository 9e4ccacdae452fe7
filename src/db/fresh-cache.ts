/**
 * A bounded in-process cache whose values stay only as long as what they were read from does not
 * change: each value belongs to a scope (an organization, or GLOBAL) and is stored under the
 * change clock's reading taken before it was loaded; it is served while neither its scope nor
 * GLOBAL changed after that reading, here or in another process (src/db/change-clock.ts). A
 * change that commits while a value loads can never leave a stale value behind. When the clock
 * cannot be read, nothing is served from the cache.
 */
import { type ChangeClock, GLOBAL } from './change-clock.js';
import { RecentMisses } from './recent-misses.js';

interface Entry<Value> {
  value: Value;
  scope: string;
  reading: number;
}

export class FreshCache<Value> {
  readonly #changes: ChangeClock;
  readonly #capacity: number;
  readonly #keep: ((value: Value) => boolean) | undefined;
  readonly #entries = new Map<string, Entry<Value>>();
  /** With `admitOnSecondMiss`: keys missed once lately, not kept (the newest `capacity`). */
  readonly #missedOnce: RecentMisses | undefined;
  /** Lookups answered from memory, and lookups that loaded (for the metrics' hit ratios). */
  hits = 0;
  misses = 0;

  /**
   * `keep`, when given, decides which loaded values are kept; the others are served only.
   * `admitOnSecondMiss`: a key's value is kept only when the key is missed again while it is
   * among the last `capacity` keys missed, or when its value was kept before and went stale. A
   * value asked for once (a client walking many pages) would only push out values that are asked
   * for again, and each value pushed out is garbage to collect; one asked for twice that closely
   * would have been kept anyway.
   */
  constructor(
    changes: ChangeClock,
    capacity: number,
    keep?: (value: Value) => boolean,
    options: { admitOnSecondMiss?: boolean } = {},
  ) {
    this.#changes = changes;
    this.#capacity = capacity;
    this.#keep = keep;
    this.#missedOnce = options.admitOnSecondMiss ? new RecentMisses(capacity) : undefined;
  }

  /**
   * The cached value of `key`, or what `load` gives. `reading` is the change clock read when the
   * request began, when the caller shares one reading between several caches; `scope` is what
   * the value depends on besides GLOBAL.
   */
  async get(
    key: string,
    load: () => Promise<Value>,
    reading = this.#changes.read(),
    scope = GLOBAL,
  ): Promise<Value> {
    if (reading === undefined) {
      this.misses++;
      return load();
    }
    const cached = this.#entries.get(key);
    if (cached !== undefined) {
      // Entries newer than this request's reading are fine too: nothing changed after them.
      if (this.#changes.changedAt(cached.scope) <= cached.reading) {
        this.hits++;
        return cached.value;
      }
      this.#entries.delete(key);
    }
    this.misses++;
    const value = await load();
    // Not kept when a change of its scope was seen while it loaded.
    if (
      value !== undefined &&
      this.#changes.changedAt(scope) <= reading &&
      (this.#keep?.(value) ?? true) &&
      this.#admits(key, cached !== undefined)
    ) {
      this.#store(key, { value, scope, reading });
    }
    return value;
  }

  /** Whether a loaded value of `key` is kept (see admitOnSecondMiss); `wasKept` if it was before. */
  #admits(key: string, wasKept: boolean): boolean {
    return this.#missedOnce === undefined || wasKept || this.#missedOnce.seenBefore(key);
  }

  get size(): number {
    return this.#entries.size;
  }

  #store(key: string, entry: Entry<Value>): void {
    if (this.#entries.size >= this.#capacity && !this.#entries.has(key)) {
      // The oldest entry goes first.
      this.#entries.delete(this.#entries.keys().next().value!);
    }
    this.#entries.set(key, entry);
  }
}
