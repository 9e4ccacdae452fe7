/**
 * What a unit of work keeps before it commits (docs/decisions/0006-the-write-seam.md): the records
 * whose derived state its commands touched (a booking's times, totals and schedule:
 * src/crm/bookings/aggregate.ts), each kept once, in the order first touched, with its marks
 * merged across the whole unit of work. Commands only mark; the unit of work keeps once its
 * command has run (or when a command asks, to read what keeping makes), and a record touched
 * again after that is kept again.
 */
import type { Keeper, Work } from './command.js';
import type { Refusal } from './refusal.js';

export class Touched {
  readonly #marks = new Map<Keeper<unknown>, Map<string, unknown>>();

  touch<Marks>(keeper: Keeper<Marks>, id: string, marks: Marks): void {
    const kept = keeper as Keeper<unknown>;
    const touched = this.#marks.get(kept) ?? new Map<string, unknown>();
    this.#marks.set(kept, touched);
    const earlier = touched.get(id) as Marks | undefined;
    touched.set(id, earlier === undefined ? marks : keeper.merge(earlier, marks));
  }

  /**
   * Keeps every record touched so far, once each; what keeping touches in turn is kept after. The
   * first refusal of keeping ends it, and is returned.
   */
  async keep(work: Work): Promise<Refusal | undefined> {
    for (let next = this.#next(); next; next = this.#next()) {
      const [keeper, id, marks] = next;
      const refused = await keeper.keep(work, id, marks);
      if (refused) return refused;
    }
    return undefined;
  }

  #next(): [Keeper<unknown>, string, unknown] | undefined {
    for (const [keeper, touched] of this.#marks) {
      for (const [id, marks] of touched) {
        touched.delete(id);
        return [keeper, id, marks];
      }
      this.#marks.delete(keeper);
    }
    return undefined;
  }
}
