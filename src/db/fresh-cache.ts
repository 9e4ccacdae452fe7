/**
 * A bounded in-process cache whose values stay only as long as the change clock does not move:
 * the first reading after any committed change, here or in another process, empties it. A value
 * is stored under the reading taken before it was loaded, so a change that commits while it
 * loads can never leave a stale value behind. When the clock cannot be read, nothing is cached.
 */
import type { ChangeClock } from './change-clock.js';

export class FreshCache<Value> {
  readonly #changes: ChangeClock;
  readonly #capacity: number;
  readonly #keep: ((value: Value) => boolean) | undefined;
  readonly #entries = new Map<string, Value>();
  #reading: number | undefined;
  /** Lookups answered from memory, and lookups that loaded (for the metrics' hit ratios). */
  hits = 0;
  misses = 0;

  /** `keep`, when given, decides which loaded values are kept; the others are served only. */
  constructor(changes: ChangeClock, capacity: number, keep?: (value: Value) => boolean) {
    this.#changes = changes;
    this.#capacity = capacity;
    this.#keep = keep;
  }

  /**
   * The cached value of `key`, or what `load` gives. `reading` is the change clock read when the
   * request began, when the caller shares one reading between several caches.
   */
  async get(key: string, load: () => Promise<Value>, reading = this.#changes.read()): Promise<Value> {
    if (reading === undefined) {
      this.#entries.clear();
      this.#reading = undefined;
      this.misses++;
      return load();
    }
    if (this.#reading === undefined || reading > this.#reading) {
      this.#entries.clear();
      this.#reading = reading;
    }
    // A request that read the clock before the entries' reading may still use them: they are newer.
    const cached = this.#entries.get(key);
    if (cached !== undefined) {
      this.hits++;
      return cached;
    }
    this.misses++;
    const value = await load();
    // Kept only under the reading it was loaded at, and only if no change was seen meanwhile.
    if (value !== undefined && this.#reading === reading && (this.#keep?.(value) ?? true)) {
      this.#store(key, value);
    }
    return value;
  }

  get size(): number {
    return this.#entries.size;
  }

  #store(key: string, value: Value): void {
    if (this.#entries.size >= this.#capacity) {
      // The oldest entry goes first.
      this.#entries.delete(this.#entries.keys().next().value!);
    }
    this.#entries.set(key, value);
  }
}
