/**
 * Client-credentials issuance is throttled per integration: RATE_LIMIT_PER_MINUTE tokens a minute
 * (0 turns it off, like the API's limits). A private integration needs one token per hour; one
 * asking in a loop is refused with 429 and Retry-After instead of filling the token table. Counted
 * in memory per process, in fixed one-minute windows.
 */
import type { Clock } from '../clock.js';
import { OAuthError } from './errors.js';

const WINDOW_MS = 60_000;

export class IssuanceBudget {
  private window = 0;
  private readonly counts = new Map<string, number>();

  constructor(
    private readonly perMinute: number,
    private readonly clock: Clock,
  ) {}

  /** Counts one issuance for `key`, or throws the 429 when its minute's budget is spent. */
  take(key: string): void {
    if (this.perMinute === 0) return;
    const now = this.clock.now();
    const window = Math.floor(now / WINDOW_MS);
    if (window !== this.window) {
      this.window = window;
      this.counts.clear();
    }
    const used = this.counts.get(key) ?? 0;
    if (used >= this.perMinute) {
      const retryAfter = Math.max(1, Math.ceil(((window + 1) * WINDOW_MS - now) / 1000));
      throw new OAuthError(
        429,
        'invalid_request',
        `This integration may receive ${this.perMinute} tokens a minute; reuse the token it has until it expires.`,
      ).withHeader('Retry-After', String(retryAfter));
    }
    this.counts.set(key, used + 1);
  }
}
