/**
 * Checking an e-mail and password. Failures wait per (account, address): after five, the address
 * waits 30 s, doubling with each further failure up to an hour, so a stranger guessing someone's
 * password slows only themselves and the owner signs in from their own address undisturbed. Thirty
 * failures from one address across accounts make it wait too (a minute, doubling to an hour).
 * An unknown e-mail costs the same scrypt work as a wrong password (the decoy hash has the
 * accounts' own cost), so neither the answer nor its timing tells whether an account exists.
 */
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/database.js';
import { normalizeEmail } from '../../identity/identity.service.js';
import { costOf, DEFAULT_COST, hashPassword, verifyPassword } from '../../identity/passwords.js';
import { findUserByEmail, latestPasswordHash, type User } from '../../identity/user.repository.js';
import { FailureThrottle } from '../../security/failure-throttle.js';

export type SignInOutcome =
  { kind: 'ok'; user: User } | { kind: 'wrong' } | { kind: 'throttled'; retryAfter: number };

const DAY = 86400;

export class SignInGuard {
  private readonly perAccountAndAddress: FailureThrottle;
  private readonly perAddress: FailureThrottle;
  private decoy: Promise<string> | undefined;

  constructor(
    private readonly db: Db,
    clock: Clock,
  ) {
    this.perAccountAndAddress = new FailureThrottle(
      { freeFailures: 5, firstDelaySeconds: 30, maxDelaySeconds: 3600, forgetAfterSeconds: DAY },
      clock,
    );
    this.perAddress = new FailureThrottle(
      { freeFailures: 30, firstDelaySeconds: 60, maxDelaySeconds: 3600, forgetAfterSeconds: DAY },
      clock,
    );
  }

  async attempt(email: string, password: string, address: string): Promise<SignInOutcome> {
    const pairKey = JSON.stringify([normalizeEmail(email), address]);
    const wait = Math.max(this.perAccountAndAddress.retryAfter(pairKey), this.perAddress.retryAfter(address));
    if (wait > 0) return { kind: 'throttled', retryAfter: wait };

    // Counted as a failure before the slow check, so parallel guesses cannot slip past the limit;
    // taken back if the password turns out right.
    this.perAccountAndAddress.recordFailure([pairKey]);
    this.perAddress.recordFailure([address]);
    const user = await findUserByEmail(this.db, normalizeEmail(email));
    const hash = user?.passwordHash ?? (await this.decoyHash());
    const matches = await verifyPassword(password, hash);
    if (!user || !matches) return { kind: 'wrong' };
    this.perAccountAndAddress.clear([pairKey]);
    this.perAddress.forgive([address]);
    return { kind: 'ok', user: { id: user.id, email: user.email, name: user.name } };
  }

  /** A hash to check unknown e-mails against, made at the cost real accounts' hashes have. */
  private decoyHash(): Promise<string> {
    this.decoy ??= latestPasswordHash(this.db).then((real) =>
      hashPassword(`decoy-${Math.random()}`, (real && costOf(real)) || DEFAULT_COST),
    );
    return this.decoy;
  }
}
