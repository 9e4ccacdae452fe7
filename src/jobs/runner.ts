/**
 * The one job runner (SPEC §18), run by every `serve` process: it claims due jobs in small
 * batches under a lease (several processes share the table without taking the same job), runs
 * each kind's handler one job at a time, yielding the event loop between them, and renews the
 * batch's lease while they run. A job's effect and its completion commit in one transaction,
 * and completion is guarded by the lease: a runner that lost its lease commits nothing, so a
 * job is done once even when a process is killed at any moment (its lease expires and another
 * runner takes the job again). A failed run is retried on its kind's schedule, then `failed`.
 * On PostgreSQL, a claim's jobs of one organization of kinds that share a transaction commit
 * together (src/jobs/shared-transaction.ts).
 * Jobs enqueued in this process wake it at once; otherwise it looks every `pollMs`. Its kinds are
 * all the timed work of a `serve` process: webhook deliveries, outgoing mail, the mailboxes'
 * reading, payment schedules, automations, task reminders and pruning (src/jobs/built-in.ts).
 */
import type { Logger } from 'pino';
import type { Trx } from '../db/database.js';
import { inTransaction } from '../db/group-commit.js';
import type { Metrics } from '../metrics/metrics.js';
import { retryDelaySeconds } from './retry-schedule.js';
import { type Writer, write } from '../writes/unit-of-work.js';
import type { JobContext, JobFailure, JobHandler } from './job-handler.js';
import {
  type ClaimedJob,
  claimJobs,
  completeJobs,
  jobQueue,
  LeaseLost,
  recordFailure,
} from './job.repository.js';
import { renewLease } from './lease-renewal.js';
import { PollingLoop } from './polling-loop.js';
import { runShared, shareable, type Sharing } from './shared-transaction.js';

/** A killed process's jobs are taken again within 60 s: the lease, then the next look. */
export const JOB_LEASE_MS = 30_000;
/** How often an idle runner looks for jobs other processes queued: a step due now starts within 5 s. */
export const JOB_POLL_MS = 1000;
const BATCH = 16;

export interface JobRunnerOptions {
  writer: Writer;
  logger: Logger;
  handlers: readonly JobHandler[];
  /** For kinds without their own (seconds); WEBHOOK_RETRY_SCHEDULE's default. */
  retrySchedule: readonly number[];
  metrics?: Metrics;
  pollMs?: number;
  leaseMs?: number;
  batch?: number;
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export class JobRunner {
  readonly #options: JobRunnerOptions;
  readonly #handlers: Map<string, JobHandler>;
  readonly #loop: PollingLoop;
  readonly #leaseMs: number;
  readonly #wake = () => this.#loop.soon(5);
  readonly #sharing: Sharing;

  constructor(options: JobRunnerOptions) {
    this.#options = options;
    this.#handlers = new Map(options.handlers.map((handler) => [handler.kind, handler]));
    this.#leaseMs = options.leaseMs ?? JOB_LEASE_MS;
    this.#loop = new PollingLoop(
      () => this.drain(),
      options.pollMs ?? JOB_POLL_MS,
      (error) => options.logger.warn({ err: error }, 'a round of jobs failed; will look again'),
    );
    this.#sharing = {
      writer: options.writer,
      logger: options.logger,
      handlerOf: (kind) => this.#handlers.get(kind)!,
      retryDelay: (job, handler, failure) => this.#retryDelay(job, handler, failure),
      stopped: () => this.#loop.stopped,
      tell: (job, failure, delay, thrown) => this.#tell(job, failure, delay, thrown),
    };
  }

  start(): void {
    jobQueue.on('queued', this.#wake);
    this.#loop.soon(0);
  }

  /** Looks for due jobs now (e.g. after the clock moved on). */
  wake(): void {
    this.#loop.soon(0);
  }

  async stop(): Promise<void> {
    jobQueue.off('queued', this.#wake);
    await this.#loop.stop();
  }

  /** Runs batches of due jobs until none is due; how many it ran. */
  async drain(): Promise<number> {
    const { writer } = this.#options;
    const batchSize = this.#options.batch ?? BATCH;
    let ran = 0;
    while (!this.#loop.stopped) {
      const now = writer.clock.now();
      const batch = await claimJobs(
        writer.db,
        [...this.#handlers.keys()],
        now,
        now + this.#leaseMs,
        batchSize,
      );
      if (batch.length === 0) break;
      ran += await this.#runBatch(batch);
      if (batch.length < batchSize) break;
    }
    return ran;
  }

  async #runBatch(batch: ClaimedJob[]): Promise<number> {
    const { writer, logger } = this.#options;
    const token = batch[0]!.lease_token;
    const renew = setInterval(() => {
      renewLease(writer.db, token, writer.clock.now() + this.#leaseMs).catch((error: unknown) =>
        logger.warn({ err: error }, 'a lease of jobs could not be renewed'),
      );
    }, this.#leaseMs / 3);
    renew.unref();
    let ran = 0;
    const runInTurn = async (jobs: readonly ClaimedJob[]) => {
      for (let next = 0; next < jobs.length && !this.#loop.stopped;) {
        const shared = shareable(this.#sharing, jobs, next);
        const sharedRan = shared.length > 1 ? await runShared(this.#sharing, shared) : undefined;
        // Rolled back whole, a shared transaction's jobs run again alone.
        const alone = sharedRan !== undefined ? [] : shared.length > 1 ? shared : [jobs[next]!];
        next += Math.max(1, shared.length);
        ran += sharedRan ?? 0;
        for (const job of alone) {
          // Bounded work between turns of the event loop: one job, then requests get their turn.
          await nextTurn();
          if (this.#loop.stopped) return;
          await this.#run(job);
          ran += 1;
        }
      }
    };
    try {
      await Promise.all(this.#lanes(batch).map(runInTurn));
    } finally {
      clearInterval(renew);
    }
    // Stopped part-way: what is left goes back to the queue now, not when the lease runs out.
    if (ran < batch.length) await renewLease(writer.db, token, null);
    return ran;
  }

  /** The batch in lanes run side by side: one for the kinds run in turn, more for a kind that waits. */
  #lanes(batch: readonly ClaimedJob[]): ClaimedJob[][] {
    const inTurn: ClaimedJob[] = [];
    const lanes = new Map<string, ClaimedJob[][]>();
    for (const job of batch) {
      const concurrency = this.#handlers.get(job.kind)?.concurrency ?? 1;
      if (concurrency <= 1) {
        inTurn.push(job);
        continue;
      }
      const own = lanes.get(job.kind) ?? Array.from({ length: concurrency }, () => []);
      lanes.set(job.kind, own);
      own.reduce((shortest, lane) => (lane.length < shortest.length ? lane : shortest)).push(job);
    }
    return [inTurn, ...[...lanes.values()].flat()].filter((lane) => lane.length > 0);
  }

  async #run(job: ClaimedJob): Promise<void> {
    const { writer, logger } = this.#options;
    const handler = this.#handlers.get(job.kind)!;
    let completed = false;
    const finish = async (trx: Trx) => {
      if (completed) throw new Error(`job ${job.id} (${job.kind}) was already completed`);
      const now = writer.clock.now();
      await completeJobs(trx, [job], now);
      await handler.onCompletion?.(trx, job, now);
    };
    const context: JobContext = {
      job,
      payload: JSON.parse(job.payload) as unknown,
      writer,
      logger,
      async transaction(effect) {
        const result = await inTransaction(writer.db, async (trx) => {
          const made = await effect(trx);
          await finish(trx);
          return made;
        });
        completed = true;
        return result;
      },
      async write(actor, command, input) {
        const made = await write(writer, actor, command, input, { alsoCommit: finish });
        completed = true;
        return made;
      },
    };
    let failure: JobFailure | undefined;
    let thrown: unknown;
    try {
      failure = (await handler.run(context)) ?? undefined;
      if (failure === undefined && !completed) await inTransaction(writer.db, finish);
    } catch (error) {
      if (error instanceof LeaseLost) {
        logger.info({ job: job.id, kind: job.kind }, 'a job’s lease was lost; its effect was rolled back');
        return;
      }
      thrown = error;
      failure = { error: error instanceof Error ? error.message : String(error) };
    }
    if (failure !== undefined) await this.#failed(job, handler, failure, thrown);
  }

  /** Records a failed run; `thrown` when the handler threw (a failure it returned, it has told of itself). */
  async #failed(job: ClaimedJob, handler: JobHandler, failure: JobFailure, thrown?: unknown): Promise<void> {
    const { writer } = this.#options;
    const delay = this.#retryDelay(job, handler, failure);
    const now = writer.clock.now();
    const retryAt = delay === undefined ? undefined : now + delay * 1000;
    await inTransaction(writer.db, async (trx) => {
      const held = await recordFailure(trx, job, failure.error, delay, now);
      if (held) await handler.onFailure?.(trx, job, now, { failure, retryAt });
    });
    this.#tell(job, failure, delay, thrown);
  }

  #retryDelay(job: ClaimedJob, handler: JobHandler, failure: JobFailure): number | undefined {
    const schedule = handler.retrySchedule ?? this.#options.retrySchedule;
    return failure.permanent ? undefined : retryDelaySeconds(job.attempts, schedule);
  }

  /** Counts and logs a failed run, once it is recorded. */
  #tell(job: ClaimedJob, failure: JobFailure, delay: number | undefined, thrown?: unknown): void {
    const { logger, metrics } = this.#options;
    metrics?.jobFailures.inc({ kind: job.kind, outcome: delay === undefined ? 'failed' : 'retrying' });
    const facts = { job: job.id, kind: job.kind, attempt: job.attempts };
    const message = delay === undefined ? 'a job failed for good' : 'a job failed; will retry';
    if (thrown === undefined) logger.debug({ ...facts, error: failure.error }, message);
    else logger.warn({ ...facts, err: thrown }, message);
  }
}
