/**
 * Counts failures per key and answers how long the key must wait, growing with each failure:
 * the first `freeFailures` cost nothing, then every further failure doubles the wait from
 * `firstDelaySeconds` up to `maxDelaySeconds` (sign-in per account and address, client
 * authentication per client id and address). A key quiet for `forgetAfterSeconds` starts over.
 * Keys include the caller's address, so a stranger's failures never hold up the owner elsewhere,
 * while one address guessing is slowed to a trickle. Successes are never counted. Kept in memory:
 * with several processes each enforces its own waits, which bounds guessing to a small multiple.
 */
import { type Clock, systemClock } from '../clock.js';

export interface ThrottleRule {
  /** Failures allowed before the first wait. */
  freeFailures: number;
  /** The first wait; each further failure doubles it. */
  firstDelaySeconds: number;
  maxDelaySeconds: number;
  /** A key with no failure for this long is forgotten. */
  forgetAfterSeconds: number;
}

interface Failures {
  count: number;
  /** When the last failure was counted (ms). */
  last: number;
}

const MAX_KEYS = 100_000;

export class FailureThrottle {
  private readonly failures = new Map<string, Failures>();

  constructor(
    private readonly rule: ThrottleRule,
    private readonly clock: Clock = systemClock,
  ) {}

  private current(key: string): Failures | undefined {
    const entry = this.failures.get(key);
    if (entry && this.clock.now() - entry.last > this.rule.forgetAfterSeconds * 1000) {
      this.failures.delete(key);
      return undefined;
    }
    return entry;
  }

  /** How long a key with `count` failures waits after its last one (seconds). */
  delayAfter(count: number): number {
    const { freeFailures, firstDelaySeconds, maxDelaySeconds } = this.rule;
    if (count < freeFailures) return 0;
    return Math.min(maxDelaySeconds, firstDelaySeconds * 2 ** Math.min(count - freeFailures, 30));
  }

  /** Seconds to wait before `key` may try again, or 0 when it may try now. */
  retryAfter(key: string): number {
    const entry = this.current(key);
    if (!entry) return 0;
    const until = entry.last + this.delayAfter(entry.count) * 1000;
    return Math.max(0, Math.ceil((until - this.clock.now()) / 1000));
  }

  /** The longest wait among several keys. */
  retryAfterAny(keys: readonly string[]): number {
    return Math.max(0, ...keys.map((k) => this.retryAfter(k)));
  }

  recordFailure(keys: readonly string[]): void {
    const now = this.clock.now();
    for (const key of keys) {
      const entry = this.current(key);
      this.failures.set(key, { count: (entry?.count ?? 0) + 1, last: now });
    }
    if (this.failures.size > MAX_KEYS) this.sweep();
  }

  /** Takes back one failure of each key (an attempt counted up front that turned out right). */
  forgive(keys: readonly string[]): void {
    for (const key of keys) {
      const entry = this.current(key);
      if (entry && entry.count > 1) entry.count -= 1;
      else this.failures.delete(key);
    }
  }

  /** Forgets the keys' failures altogether. */
  clear(keys: readonly string[]): void {
    for (const key of keys) this.failures.delete(key);
  }

  private sweep(): void {
    for (const key of [...this.failures.keys()]) this.current(key);
  }
}
