/**
 * Counts failures per key in a sliding window and refuses a key that has failed too often
 * (sign-in per account and per address, client authentication per client id and address).
 * Successes are never counted, so a legitimate client is never slowed. Kept in memory: with
 * several processes each enforces its own limit, which still bounds guessing to a small multiple.
 */
import { type Clock, systemClock } from '../clock.js';

export interface ThrottleRule {
  /** Failures allowed within `windowSeconds` before the key is refused. */
  limit: number;
  windowSeconds: number;
}

export class FailureThrottle {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly rule: ThrottleRule,
    private readonly clock: Clock = systemClock,
  ) {}

  private now(): number {
    return this.clock.now();
  }

  private recent(key: string): number[] {
    const since = this.now() - this.rule.windowSeconds * 1000;
    const kept = (this.failures.get(key) ?? []).filter((t) => t > since);
    if (kept.length > 0) this.failures.set(key, kept);
    else this.failures.delete(key);
    return kept;
  }

  /** Seconds to wait before `key` may try again, or 0 when it may try now. */
  retryAfter(key: string): number {
    const recent = this.recent(key);
    if (recent.length < this.rule.limit) return 0;
    const oldest = recent[recent.length - this.rule.limit] ?? this.now();
    return Math.max(1, Math.ceil((oldest + this.rule.windowSeconds * 1000 - this.now()) / 1000));
  }

  /** The longest wait among several keys (e.g. the account and the address). */
  retryAfterAny(keys: readonly string[]): number {
    return Math.max(0, ...keys.map((k) => this.retryAfter(k)));
  }

  recordFailure(keys: readonly string[]): void {
    const at = this.now();
    for (const key of keys) {
      const recent = this.recent(key);
      recent.push(at);
      this.failures.set(key, recent.slice(-this.rule.limit * 2));
    }
    if (this.failures.size > 100_000) this.sweep();
  }

  /** Takes back the most recent failure of each key (an attempt that turned out to succeed). */
  forgive(keys: readonly string[]): void {
    for (const key of keys) {
      const recent = this.recent(key);
      recent.pop();
      if (recent.length > 0) this.failures.set(key, recent);
      else this.failures.delete(key);
    }
  }

  private sweep(): void {
    for (const key of [...this.failures.keys()]) this.recent(key);
  }
}
