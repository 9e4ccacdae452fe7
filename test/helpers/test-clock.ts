/** A clock that follows the wall clock but can be moved forward: tests see time pass without sleeping. */
import type { Clock } from '../../src/clock.js';

export class TestClock implements Clock {
  #offset = 0;

  now(): number {
    return Date.now() + this.#offset;
  }

  /** Moves time on by `milliseconds` (for expiry, grace windows, throttles). */
  advance(milliseconds: number): void {
    this.#offset += milliseconds;
  }
}
