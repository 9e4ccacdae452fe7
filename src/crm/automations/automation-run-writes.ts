/**
 * The writes of an automation's runs (SPEC §18), each in its caller's transaction: a booking is
 * enrolled once per automation (the run's `enrollment` is unique: the automation and the booking,
 * and the occasion where the automation may start again), each step's job is queued under a key of
 * the run and the step (queued twice, it runs once; a step put off, under a key of its time too),
 * and a line goes to the run's log per step.
 */
import { isoTime } from '../../clock.js';
import type { Db, Trx } from '../../db/database.js';
import { monotonicId } from '../../db/ids.js';
import { enqueueJob } from '../../jobs/job.repository.js';
import { nextVersion } from '../records.js';
import type { AutomationRunTable, RunState } from './automation.table.js';
import { stepIndexOf } from './automation-run.codec.js';

export const STEP_JOB = 'automation.step';

export interface StepPayload {
  runId: string;
  stepIndex: number;
}

/** A line of a run's log. */
export interface LogLine {
  at: string;
  step_index: number;
  type: string;
  result: string;
  message_id?: string;
  task_id?: string;
  /** The member who sent or skipped a drafted mail. */
  by?: string;
}

async function queueStep(
  trx: Trx,
  run: Pick<AutomationRunTable, 'id' | 'organization_id'>,
  stepIndex: number,
  dueAt: number,
  now: number,
  deferred = false,
) {
  const payload: StepPayload = { runId: run.id, stepIndex };
  await enqueueJob(trx, {
    kind: STEP_JOB,
    // A step put off runs again under a key of its own: the key of the job putting it off is taken.
    dedupeKey: deferred ? `${run.id}.${stepIndex}.at-${dueAt}` : `${run.id}.${stepIndex}`,
    organizationId: run.organization_id,
    payload,
    dueAt,
    now,
  });
}

/**
 * Starts a run of `automationId` for the booking at `startAt`, unless one was started for this
 * enrollment already; whether it started.
 */
export async function enroll(
  trx: Trx,
  facts: { organizationId: string; automationId: string; bookingId: string; enrollment: string },
  startAt: number,
  now: number,
): Promise<boolean> {
  const at = isoTime(now);
  const run = {
    id: monotonicId(now),
    organization_id: facts.organizationId,
    automation_id: facts.automationId,
    booking_id: facts.bookingId,
    enrollment: facts.enrollment,
    state: 'waiting' as const,
    step_index: 0,
    next_at: isoTime(startAt),
    log: '[]',
    draft: null,
    created_at: at,
    updated_at: at,
  };
  const result = await trx
    .insertInto('automation_runs')
    .values(run)
    .onConflict((oc) => oc.column('enrollment').doNothing())
    .executeTakeFirst();
  if (Number(result.numInsertedOrUpdatedRows ?? 0) === 0) return false;
  await queueStep(trx, run, 0, startAt, now);
  return true;
}

/** The run, as its organization's. */
export function findRun(trx: Db | Trx, organizationId: string, runId: string) {
  return trx
    .selectFrom('automation_runs')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('id', '=', runId)
    .executeTakeFirst();
}

export const logOf = (run: Pick<AutomationRunTable, 'log'>): LogLine[] => JSON.parse(run.log) as LogLine[];

interface Move {
  state: RunState;
  stepIndex: number;
  nextAt: number | null;
  line?: Omit<LogLine, 'at'> | undefined;
  draft?: unknown;
  /** The step stays next, put off until `nextAt` (the bound of mail an hour is reached). */
  deferred?: boolean;
}

/** Sets where the run is, with a line in its log; a waiting run's next step is queued for `nextAt`. */
export async function moveRun(trx: Trx, run: AutomationRunTable, move: Move, now: number): Promise<void> {
  const at = isoTime(now);
  const log = move.line ? [...logOf(run), { at, ...move.line }] : logOf(run);
  await trx
    .updateTable('automation_runs')
    .set({
      state: move.state,
      step_index: move.stepIndex,
      next_at: move.nextAt === null ? null : isoTime(move.nextAt),
      log: JSON.stringify(log),
      draft: move.draft === undefined ? null : JSON.stringify(move.draft),
      // A new version even within the same millisecond: cached pages of runs see the move.
      updated_at: nextVersion(run.updated_at, now),
    })
    .where('id', '=', run.id)
    .execute();
  if (move.state === 'waiting' && move.nextAt !== null)
    await queueStep(trx, run, move.stepIndex, move.nextAt, now, move.deferred);
}

/** The step after `stepIndex` is next: due at `dueAt` (now, or when a wait ends), or the run is done. */
export function advance(
  trx: Trx,
  run: AutomationRunTable,
  stepCount: number,
  line: Omit<LogLine, 'at'>,
  now: number,
  dueAt?: number,
): Promise<void> {
  const next = stepIndexOf(run) + 1;
  if (next >= stepCount && dueAt === undefined)
    return moveRun(trx, run, { state: 'done', stepIndex: next, nextAt: null, line }, now);
  return moveRun(trx, run, { state: 'waiting', stepIndex: next, nextAt: dueAt ?? now, line }, now);
}

/** Ends the run: `exited` (an exit met) or `failed` (a step could not be done), with why. */
export function endRun(
  trx: Trx,
  run: AutomationRunTable,
  state: 'exited' | 'failed' | 'done',
  line: Omit<LogLine, 'at'>,
  now: number,
): Promise<void> {
  return moveRun(trx, run, { state, stepIndex: stepIndexOf(run), nextAt: null, line }, now);
}
