/**
 * Checking an e-mail and password. Failures are throttled per account and per client address
 * (SPEC §4), and an unknown e-mail costs the same scrypt work as a wrong password (the decoy
 * hash has the cost of the accounts' own), so neither the answer nor its timing tells whether an
 * account exists.
 */
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/database.js';
import { normalizeEmail } from '../../identity/identity.service.js';
import { costOf, DEFAULT_COST, hashPassword, verifyPassword } from '../../identity/passwords.js';
import { findUserByEmail, latestPasswordHash, type User } from '../../identity/user.repository.js';
import { FailureThrottle } from '../../security/failure-throttle.js';

export type SignInOutcome =
  { kind: 'ok'; user: User } | { kind: 'wrong' } | { kind: 'throttled'; retryAfter: number };

export class SignInGuard {
  private readonly perAccount: FailureThrottle;
  private readonly perAddress: FailureThrottle;
  private decoy: Promise<string> | undefined;

  constructor(
    private readonly db: Db,
    clock: Clock,
  ) {
    this.perAccount = new FailureThrottle({ limit: 5, windowSeconds: 15 * 60 }, clock);
    this.perAddress = new FailureThrottle({ limit: 30, windowSeconds: 15 * 60 }, clock);
  }

  async attempt(email: string, password: string, address: string): Promise<SignInOutcome> {
    const accountKey = `account:${normalizeEmail(email)}`;
    const addressKey = `address:${address}`;
    const wait = Math.max(this.perAccount.retryAfter(accountKey), this.perAddress.retryAfter(addressKey));
    if (wait > 0) return { kind: 'throttled', retryAfter: wait };

    // Counted as a failure before the slow check, so parallel guesses cannot slip past the limit;
    // taken back if the password turns out right.
    this.perAccount.recordFailure([accountKey]);
    this.perAddress.recordFailure([addressKey]);
    const user = await findUserByEmail(this.db, normalizeEmail(email));
    const hash = user?.passwordHash ?? (await this.decoyHash());
    const matches = await verifyPassword(password, hash);
    if (!user || !matches) return { kind: 'wrong' };
    this.perAccount.forgive([accountKey]);
    this.perAddress.forgive([addressKey]);
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
