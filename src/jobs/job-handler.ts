/**
 * What a kind of job is to the runner (src/jobs/runner.ts): its handler, its retry schedule and
 * what commits with its completion. A handler makes its database effect through its context, so
 * that the effect and the job's completion commit in one transaction, or neither does:
 * `transaction` for plain writes, `write` for a command in a unit of work. A handler that uses
 * neither (its work is harmless to repeat, or outside the database) is completed after it returns.
 * A run that did not succeed returns a JobFailure (a refusal is a value; a thrown error is taken
 * as one too): the runner records it with the retry its kind's schedule gives, in one transaction
 * with the handler's own record of it (onFailure).
 */
import type { Logger } from 'pino';
import type { Trx } from '../db/database.js';
import type { Actor } from '../policy/actor.js';
import type { Command, Made, Writer } from '../writes/unit-of-work.js';
import type { ClaimedJob } from './job.repository.js';

export interface JobContext<Payload = unknown> {
  readonly job: ClaimedJob;
  readonly payload: Payload;
  readonly writer: Writer;
  readonly logger: Logger;
  /** Runs `effect` in a transaction that also completes the job: both commit, or neither. */
  transaction<Result>(effect: (trx: Trx) => Promise<Result>): Promise<Result>;
  /** Runs `command` as a unit of work whose transaction also completes the job. */
  write<Input, Result>(actor: Actor, command: Command<Input, Result>, input: Input): Promise<Made<Result>>;
}

/**
 * Thrown by a job's effect before it has written anything, for its handler to fetch what the
 * effect found it needs and try again (an automation step's mail, written outside its unit of
 * work): the transaction is as it was, so a shared transaction goes on (shared-transaction.ts).
 */
export class NothingWritten extends Error {}

/** Why a run did not succeed, as its handler says. */
export interface JobFailure {
  /** Kept as the job's last error and logged: nothing personal (no address, no message) in it. */
  error: string;
  /** No retry: the job is `failed` at once (an SMTP server's 5xx, an integration's ended access). */
  permanent?: boolean;
  /** What the handler's own record keeps beside (the server's whole answer, shown to admins). */
  detail?: string;
}

/** A failed run as onFailure hears it: the failure, and when the job is due again (none: for good). */
export interface FailedRun {
  failure: JobFailure;
  retryAt: number | undefined;
}

export interface JobHandler<Payload = unknown> {
  readonly kind: string;
  /**
   * The delays (seconds) before each retry of a run that failed, spread as webhook retries are
   * (src/webhooks/retry-schedule.ts); once used up the job is `failed`. The runner's default
   * when absent.
   */
  readonly retrySchedule?: readonly number[];
  /**
   * How many of its jobs a runner runs at once (default one, in turn with the other kinds): a
   * kind that waits on another server (a webhook's endpoint) takes several lanes of its own, so a
   * slow endpoint holds up neither the other kinds nor the rest of its batch.
   */
  readonly concurrency?: number;
  /**
   * Its jobs of one organization in a claim may complete together in one transaction
   * (PostgreSQL: src/jobs/shared-transaction.ts). Only for a kind whose
   * whole effect is written through its context (nothing sent, nothing written beside it): a
   * shared transaction that cannot commit is rolled back and its jobs run again, one by one.
   */
  readonly sharesTransaction?: boolean;
  /** More work in the completion's transaction (a recurring job queues its next run). */
  onCompletion?(trx: Trx, job: ClaimedJob, now: number): Promise<void>;
  /** More work in the transaction that records a failed run (retried, or `failed` for good). */
  onFailure?(trx: Trx, job: ClaimedJob, now: number, run: FailedRun): Promise<void>;
  run(context: JobContext<Payload>): Promise<void | JobFailure>;
}

/** A handler, typed by its payload, as the runner holds it among others. */
export function jobHandler<Payload>(handler: JobHandler<Payload>): JobHandler {
  return handler as JobHandler;
}
