/**
 * How often a password reset link may be asked for. Every request counts, whether or not the
 * address has an account, so the throttle tells no more than the answer does: per e-mail address
 * three links, then a wait of 15 minutes doubling to six hours, so nobody can fill a person's
 * inbox; per client address ten requests, then a minute doubling to an hour, so nobody can mail
 * every address they guess. A throttled request gets the same answer and sends nothing.
 */
import type { Clock } from '../../clock.js';
import { normalizeEmail } from '../../identity/identity.service.js';
import { FailureThrottle } from '../../security/failure-throttle.js';

const DAY = 86400;

export class ResetThrottle {
  private readonly perEmail: FailureThrottle;
  private readonly perClient: FailureThrottle;

  constructor(clock: Clock) {
    this.perEmail = new FailureThrottle(
      { freeFailures: 3, firstDelaySeconds: 900, maxDelaySeconds: 6 * 3600, forgetAfterSeconds: DAY },
      clock,
    );
    this.perClient = new FailureThrottle(
      { freeFailures: 10, firstDelaySeconds: 60, maxDelaySeconds: 3600, forgetAfterSeconds: DAY },
      clock,
    );
  }

  /** Counts a request; false when it must send nothing. */
  admit(email: string, clientAddress: string): boolean {
    const key = normalizeEmail(email);
    if (this.perEmail.retryAfter(key) > 0 || this.perClient.retryAfter(clientAddress) > 0) return false;
    this.perEmail.recordFailure([key]);
    this.perClient.recordFailure([clientAddress]);
    return true;
  }
}
