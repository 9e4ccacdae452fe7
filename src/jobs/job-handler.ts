/**
 * What a kind of job is to the runner (src/jobs/runner.ts): its handler, its retry schedule and
 * what commits with its completion. A handler makes its database effect through its context, so
 * that the effect and the job's completion commit in one transaction, or neither does:
 * `transaction` for plain writes, `write` for a command in a unit of work. A handler that uses
 * neither (its work is harmless to repeat, or outside the database) is completed after it returns.
 */
import type { Logger } from 'pino';
import type { Trx } from '../db/database.js';
import type { Actor } from '../identity/actor.js';
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

export interface JobHandler<Payload = unknown> {
  readonly kind: string;
  /**
   * The delays (seconds) before each retry of a run that failed, spread as webhook retries are
   * (src/webhooks/retry-schedule.ts); once used up the job is `failed`. The runner's default
   * when absent.
   */
  readonly retrySchedule?: readonly number[];
  /** More work in the completion's transaction (a recurring job queues its next run). */
  onCompletion?(trx: Trx, job: ClaimedJob, now: number): Promise<void>;
  /** More work in the transaction that marks the job `failed` for good. */
  onFailure?(trx: Trx, job: ClaimedJob, now: number): Promise<void>;
  run(context: JobContext<Payload>): Promise<void>;
}

/** A handler, typed by its payload, as the runner holds it among others. */
export function jobHandler<Payload>(handler: JobHandler<Payload>): JobHandler {
  return handler as JobHandler;
}
