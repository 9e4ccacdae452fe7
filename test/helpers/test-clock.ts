/**
 * A clock that follows the wall clock but can be moved: tests see time pass without sleeping, and
 * a test that depends on the day (the week view, "today") sets the day it runs on instead of
 * taking whatever day CI happens to run.
 */
import type { Clock } from '../../src/clock.js';

export class TestClock implements Clock {
  #offset = 0;
  #held: number | undefined;

  now(): number {
    return this.#held ?? Date.now() + this.#offset;
  }

  /** Stops time where it is until `release` (two things in the same millisecond). */
  hold(): void {
    this.#held = this.now();
  }

  /** Lets time go on from where it was held, at the wall clock's pace. */
  release(): void {
    if (this.#held !== undefined) this.setTo(this.#held);
  }

  /** Moves time on by `milliseconds` (for expiry, grace windows, throttles). */
  advance(milliseconds: number): void {
    this.#offset += milliseconds;
    if (this.#held !== undefined) this.#held += milliseconds;
  }

  /** Makes it `instant` now and stops time there (exactly `instant`, not a millisecond later). */
  stopAt(instant: number): void {
    // While held, now() is `held` alone; `release` sets the offset from it.
    this.#held = instant;
  }

  /** Makes it `instant` now; time goes on from there at the wall clock's pace. */
  setTo(instant: number): void {
    this.#held = undefined;
    this.#offset = instant - Date.now();
  }
}

const DAY = 86_400_000;

/**
 * 09:00 UTC on a day of the week (0 = Sunday … 6 = Saturday) of a fixed week in the future, so a
 * test that needs "today" to be a Friday gets one on every day it runs.
 */
export function weekdayAt(weekday: number, time = '09:00'): number {
  // Sunday 1 June 2031 is day 0 of that week.
  return Date.parse(`2031-06-01T${time}:00Z`) + weekday * DAY;
}
