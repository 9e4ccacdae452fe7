/**
 * A claim's jobs of one organization done in one transaction (PostgreSQL, kinds that say
 * `sharesTransaction`): the organization's lock is taken once, before anything else. First the
 * batch is run straight, no savepoint: if every effect succeeds (the usual case) it commits so.
 * If an effect throws or is refused, its writes may be half made: the whole transaction is rolled
 * back and the batch runs again with each job's effect behind a savepoint of its own, so a job
 * that throws, or whose unit of work is refused, rolls back to its savepoint and leaves nothing,
 * its failure recorded (with the retry its kind's schedule gives) in the same transaction.
 * Either way the jobs that succeeded are marked done together, in one statement guarded by their
 * lease, and everything commits once. Exactly
 * once still: a job's effect and its completion commit together or not at all. If the batch
 * cannot commit (a lease was lost, the database failed), all of it is rolled back and the runner
 * runs its jobs again one by one, each in a transaction of its own: their effects were in the
 * database only (what `sharesTransaction` promises), so nothing of the first try remains.
 * SQLite has one connection and one writer: a handler's own reads between its effects would
 * wait for the very transaction it shares, so there each job keeps a transaction of its own.
 */
import { sql } from 'kysely';
import { isSqlite } from '../db/column-types.js';
import type { Logger } from 'pino';
import type { Trx } from '../db/database.js';
import { holdOrganization } from '../db/organization-lock.js';
import { isRefusal } from '../writes/refusal.js';
import { type Work, type Writer, writeInside } from '../writes/unit-of-work.js';
import { type JobContext, type JobFailure, type JobHandler, NothingWritten } from './job-handler.js';
import { type ClaimedJob, completeJobs, recordFailure } from './job.repository.js';

/** What the runner lends a shared transaction. */
export interface Sharing {
  writer: Writer;
  logger: Logger;
  handlerOf(kind: string): JobHandler;
  /** Seconds until the failed job's retry; none: failed for good. */
  retryDelay(job: ClaimedJob, handler: JobHandler, failure: JobFailure): number | undefined;
  stopped(): boolean;
  /** Counts and logs a failed run, once its record is committed. */
  tell(job: ClaimedJob, failure: JobFailure, delay: number | undefined, thrown: unknown): void;
}

/** The most jobs of one shared transaction: each a subtransaction, well within PostgreSQL's 64 cached. */
const MOST = 32;

/** The jobs from `start` on that may share a transaction (PostgreSQL): of one organization, of kinds that share. */
export function shareable(sharing: Sharing, jobs: readonly ClaimedJob[], start: number): ClaimedJob[] {
  if (isSqlite(sharing.writer.db)) return [];
  const shares = (job: ClaimedJob | undefined) =>
    job !== undefined &&
    sharing.handlerOf(job.kind).sharesTransaction === true &&
    job.organization_id === jobs[start]!.organization_id;
  let end = start;
  while (end < jobs.length && end - start < MOST && shares(jobs[end])) end += 1;
  return jobs.slice(start, end);
}

/** A job's run in the shared transaction: done, or failed (recorded), and its work after the commit. */
interface SharedOutcome {
  job: ClaimedJob;
  completed: boolean;
  failure?: { failure: JobFailure; thrown: unknown; delay: number | undefined };
  afterCommit: Work['afterCommit'];
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** An effect failed in a batch run straight: its writes may be half made, the batch runs again. */
class Spoiled extends Error {}

/** One job's run in `trx` (the `index`-th of its batch), its effects behind savepoints when `careful`. */
async function runOne(
  sharing: Sharing,
  trx: Trx,
  job: ClaimedJob,
  index: number,
  careful: boolean,
): Promise<SharedOutcome> {
  const { writer, logger } = sharing;
  const handler = sharing.handlerOf(job.kind);
  const afterCommit: Work['afterCommit'] = [];
  let completed = false;
  let spoiled = false;
  let savepoints = 0;
  const behindSavepoint = async <Result>(effect: () => Promise<Result>): Promise<Result> => {
    if (completed) throw new Error(`job ${job.id} (${job.kind}) was already completed`);
    const name = careful ? sql.raw(`job_${index}_${savepoints++}`) : undefined;
    if (name) await sql`savepoint ${name}`.execute(trx);
    try {
      const made = await effect();
      await handler.onCompletion?.(trx, job, writer.clock.now());
      completed = true;
      return made;
    } catch (error) {
      if (name) await sql`rollback to savepoint ${name}`.execute(trx);
      else if (!(error instanceof NothingWritten)) spoiled = true;
      throw error;
    }
  };
  const context: JobContext = {
    job,
    payload: JSON.parse(job.payload) as unknown,
    writer,
    logger,
    transaction: (effect) => behindSavepoint(() => effect(trx)),
    write: (actor, command, input) =>
      behindSavepoint(async () => {
        const own: Work['afterCommit'] = [];
        const outcome = await writeInside(trx, writer.clock.now(), actor, command, input, own);
        if (isRefusal(outcome)) throw outcome.asError();
        afterCommit.push(...own);
        return outcome;
      }),
  };
  let failure: JobFailure | undefined;
  let thrown: unknown;
  try {
    failure = (await handler.run(context)) ?? undefined;
    if (failure === undefined && !completed) await behindSavepoint(async () => undefined);
  } catch (error) {
    thrown = error;
    failure = { error: error instanceof Error ? error.message : String(error) };
  }
  if (spoiled) throw new Spoiled(`job ${job.id} (${job.kind}) failed in a batch run straight`);
  // Completed, the job is done whatever its handler did after (as when its completion committed alone).
  if (completed || failure === undefined) return { job, completed: true, afterCommit };
  const delay = sharing.retryDelay(job, handler, failure);
  const now = writer.clock.now();
  const retryAt = delay === undefined ? undefined : now + delay * 1000;
  if (await recordFailure(trx, job, failure.error, delay, now))
    await handler.onFailure?.(trx, job, now, { failure, retryAt });
  return { job, completed: false, afterCommit: [], failure: { failure, thrown, delay } };
}

/**
 * Runs `jobs` (one claim's, of one organization, in order) in one transaction and commits it,
 * then their work after the commit: how many ran, or undefined when it was rolled back whole
 * (the runner runs them again alone). Straight first; with savepoints if an effect failed.
 */
export async function runShared(sharing: Sharing, jobs: readonly ClaimedJob[]): Promise<number | undefined> {
  const straight = await runOnce(sharing, jobs, false);
  if (straight !== 'spoiled') return straight;
  const careful = await runOnce(sharing, jobs, true);
  return careful === 'spoiled' ? undefined : careful;
}

async function runOnce(
  sharing: Sharing,
  jobs: readonly ClaimedJob[],
  careful: boolean,
): Promise<number | undefined | 'spoiled'> {
  const { writer, logger } = sharing;
  const trx = await writer.db.startTransaction().execute();
  const outcomes: SharedOutcome[] = [];
  try {
    const organizationId = jobs[0]?.organization_id;
    if (organizationId) await holdOrganization(trx, organizationId);
    for (const job of jobs) {
      // Bounded work between turns of the event loop: one job, then requests get their turn.
      await nextTurn();
      if (sharing.stopped()) break;
      outcomes.push(await runOne(sharing, trx, job, outcomes.length, careful));
    }
    const done = outcomes.filter((outcome) => outcome.completed).map((outcome) => outcome.job);
    await completeJobs(trx, done, writer.clock.now());
    await trx.commit().execute();
  } catch (error) {
    if (!trx.isCommitted && !trx.isRolledBack) await trx.rollback().execute();
    if (error instanceof Spoiled) return 'spoiled';
    logger.info(
      { err: error, jobs: jobs.length },
      'a shared transaction of jobs was rolled back; each runs alone',
    );
    return undefined;
  }
  for (const { job, failure, afterCommit } of outcomes) {
    for (const task of afterCommit)
      await task(writer).catch((error: unknown) =>
        logger.warn({ err: error, job: job.id }, 'a job’s work after its commit failed'),
      );
    if (failure) sharing.tell(job, failure.failure, failure.delay, failure.thrown);
  }
  return outcomes.length;
}
