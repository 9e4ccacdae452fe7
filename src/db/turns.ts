/**
 * Work that takes turns per key (e.g. an organization's long searches): one at a time for each
 * key, the others waiting in order of arrival, at most `waiting` of them; work of other keys
 * never waits for it. In-process: each process of a cluster keeps its own turns.
 */
export class Turns {
  readonly #waiting: number;
  /** For each key with work running: the callbacks of the work waiting, in order. */
  readonly #queues = new Map<string, Array<() => void>>();

  constructor(waiting: number) {
    this.#waiting = waiting;
  }

  /**
   * A promise of the turn, which gives the function to call when done; undefined when `waiting`
   * others already wait for this key.
   */
  take(key: string): Promise<() => void> | undefined {
    const queue = this.#queues.get(key);
    if (queue === undefined) {
      this.#queues.set(key, []);
      return Promise.resolve(this.#releaser(key));
    }
    if (queue.length >= this.#waiting) return undefined;
    return new Promise((resolve) => queue.push(() => resolve(this.#releaser(key))));
  }

  #releaser(key: string): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const queue = this.#queues.get(key)!;
      const next = queue.shift();
      if (next) next();
      else this.#queues.delete(key);
    };
  }
}
