/**
 * A run's step, done as the automations' own unit of work (SPEC §18) whose transaction also
 * completes the step's job (src/jobs/runner.ts): the step's effect, the run moved on and the next
 * step's job queued commit together or not at all, so a process killed at any moment neither
 * loses a step nor repeats one. A step whose run has moved on (exited, turned off, done by
 * another runner) does nothing. `wait` sets when the next step is due, in the venue's zone;
 * `send_email` sends, or drafts for approval, or (mail to the client past the operator's bound,
 * MAIL_PER_HOUR) waits until the hour has room for it, the run still waiting; `create_task`,
 * `move_stage` and `add_note` run the commands a member would, judged by the same rules.
 */
import { sql } from 'kysely';
import type { Db, Trx } from '../../db/database.js';
import { NothingWritten } from '../../jobs/job-handler.js';
import { isRefusal, type Refusal } from '../../writes/refusal.js';
import type { Command, Work } from '../../writes/unit-of-work.js';
import { updateBooking } from '../bookings/index.js';
import type { RenderedEmail } from '../email-templates/index.js';
import { createNote } from '../notes/index.js';
import { createTask } from '../tasks/index.js';
import {
  organizationSendingWindow as windowOf,
  organizationZone as zoneOf,
} from '../organization/organization.reads.js';
import { mailPerHourFullUntil } from '../messages/index.js';
import { type Draft, recipientsOf, sendDraft } from './automation-mail.js';
import { advance, endRun, type LogLine, moveRun } from './automation-run-writes.js';
import { dueDateAfter, waitUntil } from './automation-schedule.js';
import type { Step } from './automation-shapes.js';
import { AUTOMATION_RUN_ACTIONS } from './automation.policy.js';
import type { AutomationRunTable } from './automation.table.js';
import { automationCodec } from './automation.value.js';
import { stepIndexOf } from './automation-run.codec.js';

/**
 * A send_email step met without its mail (StepInput.mail), before anything is written: its
 * handler writes the template for the booking outside the unit of work, then runs the step again.
 */
export class MailNeeded extends NothingWritten {
  constructor(
    readonly templateId: string,
    readonly bookingId: string,
  ) {
    super('the step’s mail is to be written first');
  }
}

export interface StepInput {
  runId: string;
  stepIndex: number;
  /** A send_email step's template, written for the booking before the unit of work (or why not). */
  mail?: { mail: RenderedEmail } | { problem: string } | undefined;
  /** Whether an SMTP server sends mail (else it waits in the outbox). */
  sending: boolean;
  /** The workspace's My tasks page of the organization, for a task's e-mail. */
  tasksUrl: string;
  /** The most messages to clients the organization may send in any hour (config.mailPerHour). */
  mailPerHour?: number | undefined;
}

/** The run's columns, read beside its automation's under names of their own (`run_…`). */
const RUN_COLUMNS = [
  ...['id', 'organization_id', 'automation_id', 'booking_id', 'enrollment', 'state', 'step_index'],
  ...['next_at', 'log', 'draft', 'created_at', 'updated_at'],
] as const satisfies ReadonlyArray<keyof AutomationRunTable>;

/** The run and its automation's steps, when the step is still the run's next: one query. */
export async function stepOf(trx: Db | Trx, organizationId: string, runId: string, stepIndex: number) {
  const row = await trx
    .selectFrom('automation_runs as r')
    .innerJoin('automations as a', 'a.id', 'r.automation_id')
    .selectAll('a')
    .select(RUN_COLUMNS.map((column) => sql.ref<unknown>(`r.${column}`).as(`run_${column}`)))
    .where('r.organization_id', '=', organizationId)
    .where('r.id', '=', runId)
    .executeTakeFirst();
  if (!row) return undefined;
  const values = row as unknown as Record<string, unknown>;
  const run = Object.fromEntries(RUN_COLUMNS.map((column) => [column, values[`run_${column}`]]));
  const found = run as unknown as AutomationRunTable;
  if (found.state !== 'waiting' || stepIndexOf(found) !== stepIndex) return undefined;
  const automation = automationCodec.decode(row);
  return { run: found, automation, step: automation.steps[stepIndex] };
}

type Line = Omit<LogLine, 'at'>;

async function sendEmail(
  work: Work,
  run: AutomationRunTable,
  step: Extract<Step, { type: 'send_email' }>,
  input: StepInput,
): Promise<Line | { failed: string } | { draft: Draft } | { deferredUntil: number }> {
  const { trx, actor, now } = work;
  if (!input.mail) return { failed: 'The mail was not written.' };
  if ('problem' in input.mail) return { failed: input.mail.problem };
  const to = await recipientsOf(trx, actor.organizationId, run.booking_id, step.to);
  const base = { step_index: input.stepIndex, type: 'send_email' };
  if (to.length === 0) return { ...base, result: 'Skipped: nobody to write to (no e-mail address).' };
  const draft: Draft = {
    to: to.map((t) => t.address),
    names: to.map((t) => t.name ?? ''),
    subject: input.mail.mail.subject,
    text: input.mail.mail.text,
    audience: step.to === 'client' ? 'client' : 'staff',
  };
  if (step.requires_approval) return { draft };
  if (draft.audience === 'client' && input.mailPerHour !== undefined) {
    const limit = input.mailPerHour;
    const until = await mailPerHourFullUntil(trx, actor.organizationId, { limit, now });
    if (until !== undefined) return { deferredUntil: until };
  }
  const facts = {
    organizationId: actor.organizationId,
    bookingId: run.booking_id,
    automationId: run.automation_id,
    sending: input.sending,
    now,
  };
  const messageId = await sendDraft(trx, facts, draft);
  return {
    ...base,
    result: `Sent “${draft.subject}” to ${draft.to.join(', ')}.`,
    ...(messageId ? { message_id: messageId } : {}),
  };
}

async function doStep(work: Work, run: AutomationRunTable, step: Step, input: StepInput) {
  const { actor, now } = work;
  const base = { step_index: input.stepIndex, type: step.type };
  switch (step.type) {
    case 'send_email':
      return sendEmail(work, run, step, input);
    case 'create_task': {
      const zone = await zoneOf(work.trx, actor.organizationId);
      const owner =
        step.assignee === 'owner' ? await ownerOf(work.trx, run.booking_id) : step.assignee.member_id;
      if (!owner) return { failed: 'The booking has no owner to give the task to.' };
      const task = await work.run(createTask, {
        title: step.title,
        dueDate: dueDateAfter(now, step.days, zone),
        assigneeId: owner,
        bookingId: run.booking_id,
        notify: { sending: input.sending, tasksUrl: input.tasksUrl },
      });
      if (isRefusal(task)) return task;
      return { ...base, result: `Gave the task “${task.title}”.`, task_id: task.id };
    }
    case 'move_stage': {
      const moved = await work.run(updateBooking, {
        id: run.booking_id,
        ifMatch: undefined,
        input: { stage_id: step.stage_id },
      });
      return isRefusal(moved) ? moved : { ...base, result: 'Moved the booking to its stage.' };
    }
    case 'add_note': {
      const note = await work.run(createNote, {
        body: step.body,
        notable: { type: 'bookings', id: run.booking_id },
      });
      return isRefusal(note) ? note : { ...base, result: 'Wrote a note on the booking.' };
    }
    default:
      return { failed: 'An unknown step.' };
  }
}

async function ownerOf(trx: Trx, bookingId: string): Promise<string | null | undefined> {
  const row = await trx
    .selectFrom('bookings')
    .select('owner_id')
    .where('id', '=', bookingId)
    .executeTakeFirst();
  return row?.owner_id;
}

export const runStep: Command<StepInput, string | Refusal> = {
  action: AUTOMATION_RUN_ACTIONS.advance,
  async run(work, input) {
    const { trx, actor, now } = work;
    const found = await stepOf(trx, actor.organizationId, input.runId, input.stepIndex);
    if (!found) return 'moved on';
    const { run, automation, step } = found;
    const count = automation.steps.length;
    if (!step) {
      await endRun(
        trx,
        run,
        'done',
        { step_index: input.stepIndex, type: 'done', result: 'Every step is done.' },
        now,
      );
      return 'done';
    }
    if (step.type === 'wait') {
      const zone = await zoneOf(trx, actor.organizationId);
      const until = waitUntil(now, step, zone, await windowOf(trx, actor.organizationId));
      const line = {
        step_index: input.stepIndex,
        type: 'wait',
        result: `Waits until ${new Date(until).toISOString()}.`,
      };
      await advance(trx, run, count, line, now, until);
      return 'waiting';
    }
    if (step.type === 'send_email' && input.mail === undefined)
      throw new MailNeeded(step.template_id, run.booking_id);
    const outcome = await doStep(work, run, step, input);
    // An inner command's refusal refuses the step: its job says why the run failed (automation-jobs.ts).
    if (isRefusal(outcome)) return outcome;
    if ('failed' in outcome) {
      await endRun(
        trx,
        run,
        'failed',
        { step_index: input.stepIndex, type: step.type, result: outcome.failed },
        now,
      );
      return 'failed';
    }
    if ('deferredUntil' in outcome) {
      // The bound of mail to clients an hour is reached: the step waits for room, the run goes on then.
      const line = {
        step_index: input.stepIndex,
        type: step.type,
        result: `Waits until ${new Date(outcome.deferredUntil).toISOString()}: the most mail to clients an hour (MAIL_PER_HOUR) has gone.`,
      };
      const move = { state: 'waiting' as const, stepIndex: input.stepIndex, line, deferred: true };
      await moveRun(trx, run, { ...move, nextAt: outcome.deferredUntil }, now);
      return 'deferred';
    }
    if ('draft' in outcome) {
      const line = {
        step_index: input.stepIndex,
        type: step.type,
        result: `Drafted “${outcome.draft.subject}”; it awaits approval.`,
      };
      await moveRun(
        trx,
        run,
        { state: 'awaiting_approval', stepIndex: input.stepIndex, nextAt: null, line, draft: outcome.draft },
        now,
      );
      return 'awaiting_approval';
    }
    await advance(trx, run, count, outcome, now);
    return 'advanced';
  },
};
