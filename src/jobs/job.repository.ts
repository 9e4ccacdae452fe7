/**
 * The jobs table (SPEC §18): enqueue (once per dedupe key), claim due jobs under a lease
 * (`FOR UPDATE SKIP LOCKED` on PostgreSQL, so runners never wait on one another), renew the
 * lease, and finish a job only while its lease is still the one its runner took: completion by a
 * runner whose lease was lost updates no row, and its caller rolls back the transaction.
 */
import { EventEmitter } from 'node:events';
import { isoTime } from '../clock.js';
import type { Db, Trx } from '../db/database.js';
import { newId } from '../db/ids.js';
import { skipLocked } from '../db/skip-locked.js';
import type { JobTable } from './job.table.js';

/** Jobs enqueued in this process: the runner wakes at once instead of at its next look. */
export const jobQueue = new EventEmitter();

export interface NewJob {
  kind: string;
  /** Unique per kind: a second enqueue with the same key does nothing. */
  dedupeKey?: string;
  organizationId?: string;
  payload: unknown;
  /** When it may run (milliseconds since the epoch). */
  dueAt: number;
  /** The instant of the enqueue (the writer's clock). */
  now: number;
}

/** A job its runner holds the lease of. */
export type ClaimedJob = JobTable & { lease_token: string };

/** Completion found the lease taken by another runner (it expired): the work is theirs now. */
export class LeaseLost extends Error {
  constructor(readonly jobId: string) {
    super(`the lease of job ${jobId} was lost`);
  }
}

function jobRow(job: NewJob) {
  const at = isoTime(job.now);
  return {
    id: newId(job.now),
    kind: job.kind,
    dedupe_key: job.dedupeKey ?? null,
    organization_id: job.organizationId ?? null,
    payload: JSON.stringify(job.payload ?? null),
    due_at: isoTime(job.dueAt),
    state: 'pending' as const,
    attempts: 0,
    created_at: at,
    updated_at: at,
  };
}

/** Queues `job`, in the caller's transaction when given one; whether a row was added. */
export async function enqueueJob(db: Db | Trx, job: NewJob): Promise<boolean> {
  const result = await db
    .insertInto('jobs')
    .values(jobRow(job))
    .onConflict((oc) => oc.columns(['kind', 'dedupe_key']).doNothing())
    .executeTakeFirst();
  const added = Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  if (added) jobQueue.emit('queued', job.dueAt);
  return added;
}

/** Queues many jobs at once (a bulk import's webhook deliveries), in chunks the databases accept. */
export async function enqueueJobs(db: Db | Trx, jobs: readonly NewJob[]): Promise<void> {
  for (let i = 0; i < jobs.length; i += 200) {
    await db
      .insertInto('jobs')
      .values(jobs.slice(i, i + 200).map(jobRow))
      .onConflict((oc) => oc.columns(['kind', 'dedupe_key']).doNothing())
      .execute();
  }
  if (jobs.length > 0) jobQueue.emit('queued', jobs[0]!.dueAt);
}

/**
 * Makes the job of `kind` and `dedupeKey` due at `dueAt` with its attempts counted afresh: a new
 * one, a finished one queued again, or a waiting one (not running) brought forward. A job under
 * way is left alone: it is already doing the work.
 */
export async function reviveJob(db: Db | Trx, job: NewJob & { dedupeKey: string }): Promise<void> {
  const at = isoTime(job.now);
  const due = isoTime(job.dueAt);
  await db
    .insertInto('jobs')
    .values(jobRow(job))
    .onConflict((oc) =>
      oc
        .columns(['kind', 'dedupe_key'])
        .doUpdateSet({
          state: 'pending',
          attempts: 0,
          due_at: due,
          payload: JSON.stringify(job.payload ?? null),
          lease_token: null,
          lease_expires_at: null,
          finished_at: null,
          updated_at: at,
        })
        .where((eb) =>
          eb.or([
            eb('jobs.state', '<>', 'pending'),
            eb.and([eb('jobs.lease_token', 'is', null), eb('jobs.due_at', '>', due)]),
          ]),
        ),
    )
    .execute();
  jobQueue.emit('queued', job.dueAt);
}

/**
 * Leases up to `limit` due jobs of `kinds`, oldest due first, until `until`: each claim counts as
 * an attempt and carries a new token that guards the jobs' completion.
 */
export async function claimJobs(
  db: Db,
  kinds: readonly string[],
  now: number,
  until: number,
  limit: number,
): Promise<ClaimedJob[]> {
  if (kinds.length === 0) return [];
  const at = isoTime(now);
  const token = newId(now);
  const due = (reader: Db | Trx, count: number) =>
    reader
      .selectFrom('jobs')
      .select('id')
      .where('state', '=', 'pending')
      .where('due_at', '<=', at)
      .where((eb) => eb.or([eb('lease_expires_at', 'is', null), eb('lease_expires_at', '<', at)]))
      .where('kind', 'in', kinds)
      .orderBy('due_at')
      .orderBy('id')
      .limit(count);
  // An idle look reads only: no write transaction (on SQLite, the one write lock) every second.
  if ((await due(db, 1).executeTakeFirst()) === undefined) return [];
  return db.transaction().execute(async (trx) => {
    const ids = (await skipLocked(trx, due(trx, limit), 'jobs').execute()).map((row) => row.id);
    if (ids.length === 0) return [];
    const claimed = await trx
      .updateTable('jobs')
      .set((eb) => ({
        lease_token: token,
        lease_expires_at: isoTime(until),
        attempts: eb('attempts', '+', 1),
        updated_at: at,
      }))
      .where('id', 'in', ids)
      .returningAll()
      .execute();
    return claimed
      .map((job) => ({ ...job, lease_token: token }))
      .sort((a, b) => (a.due_at === b.due_at ? a.id.localeCompare(b.id) : a.due_at < b.due_at ? -1 : 1));
  });
}

/** Marks jobs of one claim done in `trx`, in one statement; LeaseLost (roll back) if any lease was taken. */
export async function completeJobs(trx: Trx, jobs: readonly ClaimedJob[], now: number): Promise<void> {
  if (jobs.length === 0) return;
  const at = isoTime(now);
  const ids = jobs.map((job) => job.id);
  const result = await trx
    .updateTable('jobs')
    .set({ state: 'done', lease_token: null, lease_expires_at: null, finished_at: at, updated_at: at })
    .where('id', 'in', ids)
    .where('lease_token', '=', jobs[0]!.lease_token)
    .where('state', '=', 'pending')
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== jobs.length) throw new LeaseLost(jobs[0]!.id);
}

/**
 * Records a failed run: due again after `retryInSeconds`, or `failed` for good without one;
 * whether the lease was still held (else the record is the new holder's to make).
 */
export async function recordFailure(
  db: Db | Trx,
  job: ClaimedJob,
  error: string,
  retryInSeconds: number | undefined,
  now: number,
): Promise<boolean> {
  const at = isoTime(now);
  const result = await db
    .updateTable('jobs')
    .set({
      state: retryInSeconds === undefined ? 'failed' : 'pending',
      due_at: retryInSeconds === undefined ? job.due_at : isoTime(now + retryInSeconds * 1000),
      lease_token: null,
      lease_expires_at: null,
      last_error: error.slice(0, 2000),
      finished_at: retryInSeconds === undefined ? at : null,
      updated_at: at,
    })
    .where('id', '=', job.id)
    .where('lease_token', '=', job.lease_token)
    .where('state', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** An admin's retry of a failed job: due now, with its attempts counted afresh; whether it was failed. */
export async function retryFailedJob(db: Db, id: string, now: number): Promise<boolean> {
  const at = isoTime(now);
  const result = await db
    .updateTable('jobs')
    .set({ state: 'pending', attempts: 0, due_at: at, finished_at: null, updated_at: at })
    .where('id', '=', id)
    .where('state', '=', 'failed')
    .executeTakeFirst();
  const retried = Number(result.numUpdatedRows) === 1;
  if (retried) jobQueue.emit('queued', now);
  return retried;
}

/** Forgets jobs finished (done or failed) before `before` (ISO-8601); how many. */
export async function pruneJobs(db: Db, before: string): Promise<number> {
  const result = await db
    .deleteFrom('jobs')
    .where('state', 'in', ['done', 'failed'])
    .where('finished_at', '<', before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Failed jobs, newest first (what an admin may retry). */
export async function failedJobs(db: Db, limit = 100): Promise<JobTable[]> {
  return db
    .selectFrom('jobs')
    .selectAll()
    .where('state', '=', 'failed')
    .orderBy('finished_at', 'desc')
    .limit(limit)
    .execute();
}
