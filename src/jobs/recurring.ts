/**
 * Recurring jobs (pruning every hour, the payment schedules' clock every five minutes): a run is
 * a job whose dedupe key is its slot (the start of its interval), and its completion queues the
 * next slot's run in the same transaction. However many processes run, each slot is one row,
 * run once; a process starting queues the current slot's run (nothing, if it exists already).
 */
import { isoTime } from '../clock.js';
import type { Db, Trx } from '../db/database.js';
import type { JobContext, JobHandler } from './job-handler.js';
import { type ClaimedJob, enqueueJob } from './job.repository.js';

export interface Recurrence {
  kind: string;
  everyMs: number;
  /** The run's work, done before its completion commits (harmless to repeat). */
  perform(context: JobContext): Promise<void>;
}

/** The start of the slot `now` falls in. */
export function slotOf(now: number, everyMs: number): number {
  return Math.floor(now / everyMs) * everyMs;
}

function enqueueSlot(db: Db | Trx, recurrence: Recurrence, slot: number, now: number): Promise<boolean> {
  return enqueueJob(db, {
    kind: recurrence.kind,
    dedupeKey: isoTime(slot),
    payload: {},
    dueAt: slot,
    now,
  });
}

async function enqueueNext(trx: Trx, recurrence: Recurrence, now: number): Promise<void> {
  await enqueueSlot(trx, recurrence, slotOf(now, recurrence.everyMs) + recurrence.everyMs, now);
}

/** The handler of a recurring kind: its work, then the next slot after now, queued with its completion. */
export function recurringHandler(recurrence: Recurrence): JobHandler {
  return {
    kind: recurrence.kind,
    // A run that failed is tried again soon, then left for the next slot, queued all the same.
    retrySchedule: [30, 120],
    run: (context) => recurrence.perform(context),
    onCompletion: (trx: Trx, _job: ClaimedJob, now: number) => enqueueNext(trx, recurrence, now),
    onFailure: async (trx: Trx, _job: ClaimedJob, now: number, { retryAt }) => {
      if (retryAt === undefined) await enqueueNext(trx, recurrence, now);
    },
  };
}

/** Queues the current slot's run of each recurrence (at start, in every process). */
export async function startRecurring(db: Db, recurrences: readonly Recurrence[], now: number): Promise<void> {
  for (const recurrence of recurrences)
    await enqueueSlot(db, recurrence, slotOf(now, recurrence.everyMs), now);
}
