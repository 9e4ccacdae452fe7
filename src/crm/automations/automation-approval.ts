/**
 * A drafted mail awaiting approval (SPEC §18, *Approvals*): a member sends it, perhaps with the
 * subject or text edited (`POST /v2/automation_runs/{id}/approve`), or skips the step
 * (`…/skip`); either way the run moves on to its next step. A run that does not await approval
 * (sent or skipped already, exited, turned off) is a 409 with its state in words. Mail to the
 * client is refused past the operator's bound an hour (MAIL_PER_HOUR: 429 too_many_messages), the
 * run still awaiting approval, as a message written on the booking is.
 */
import { NotFoundError, ValidationError } from '../../errors.js';
import type { Command } from '../../writes/unit-of-work.js';
import { mailPerHourRefusal } from '../messages/index.js';
import { Refusal, refuse } from '../../writes/refusal.js';
import type { Draft } from './automation-mail.js';
import { sendDraft } from './automation-mail.js';
import { advance, findRun } from './automation-run-writes.js';
import { AUTOMATION_RUN_ACTIONS } from './automation.policy.js';
import type { AutomationRunTable } from './automation.table.js';
import { stepIndexOf } from './automation-run.codec.js';
import { decodeSteps } from './automation.value.js';

export interface ApprovalInput {
  runId: string;
  subject?: string | undefined;
  text?: string | undefined;
  /** Whether an SMTP server sends mail (else it waits in the outbox). */
  sending: boolean;
  /** The most messages to clients the organization may send in any hour (config.mailPerHour). */
  mailPerHour?: number | undefined;
}

const pointer = (name: string) => ({ pointer: `/data/attributes/${name}` });

function editsRefusal(input: ApprovalInput): Refusal | undefined {
  const problems = [];
  if (
    input.subject !== undefined &&
    (input.subject.trim() === '' || /[\r\n]/.test(input.subject) || input.subject.length > 300)
  )
    problems.push({
      field: 'subject',
      detail: 'A subject is one line of 1 to 300 characters.',
      code: 'invalid_value',
      source: pointer('subject'),
    });
  if (input.text !== undefined && (input.text.trim() === '' || input.text.length > 100_000))
    problems.push({
      field: 'text',
      detail: 'The text is 1 to 100,000 characters.',
      code: 'invalid_value',
      source: pointer('text'),
    });
  return problems.length > 0 ? Refusal.from(new ValidationError(problems)) : undefined;
}

async function awaiting(trx: Parameters<typeof findRun>[0], organizationId: string, runId: string) {
  const run = await findRun(trx, organizationId, runId);
  if (!run) return Refusal.from(new NotFoundError(`No automation_runs resource has the id "${runId}".`));
  if (run.state === 'awaiting_approval' && run.draft !== null) return run;
  return refuse({
    status: 409,
    code: 'not_awaiting_approval',
    detail: `This run does not await approval: it is ${run.state.replace('_', ' ')}.`,
  });
}

const stepsOf = async (trx: Parameters<typeof findRun>[0], run: AutomationRunTable) => {
  const row = await trx
    .selectFrom('automations')
    .select('steps')
    .where('id', '=', run.automation_id)
    .executeTakeFirstOrThrow();
  return decodeSteps(row).length;
};

export const approveRun: Command<ApprovalInput, AutomationRunTable | Refusal> = {
  action: AUTOMATION_RUN_ACTIONS.approve,
  async run({ trx, actor, now }, input) {
    const badEdits = editsRefusal(input);
    if (badEdits) return badEdits;
    const run = await awaiting(trx, actor.organizationId, input.runId);
    if (!('id' in run)) return run;
    const drafted = JSON.parse(run.draft!) as Draft;
    if (drafted.audience === 'client' && input.mailPerHour !== undefined) {
      const full = await mailPerHourRefusal(trx, actor.organizationId, { limit: input.mailPerHour, now });
      if (full) return full;
    }
    const draft = {
      ...drafted,
      subject: input.subject?.trim() ?? drafted.subject,
      text: input.text ?? drafted.text,
    };
    const facts = {
      organizationId: actor.organizationId,
      bookingId: run.booking_id,
      automationId: run.automation_id,
      sending: input.sending,
      now,
    };
    const messageId = await sendDraft(trx, facts, draft);
    const line = {
      step_index: stepIndexOf(run),
      type: 'send_email',
      result: `Sent “${draft.subject}” to ${draft.to.join(', ')}, approved by a member.`,
      ...(messageId ? { message_id: messageId } : {}),
      ...(actor.userId ? { by: actor.userId } : {}),
    };
    await advance(trx, run, await stepsOf(trx, run), line, now);
    return (await findRun(trx, actor.organizationId, run.id))!;
  },
};

export const skipRun: Command<{ runId: string }, AutomationRunTable | Refusal> = {
  action: AUTOMATION_RUN_ACTIONS.skip,
  async run({ trx, actor, now }, input) {
    const run = await awaiting(trx, actor.organizationId, input.runId);
    if (!('id' in run)) return run;
    const line = {
      step_index: stepIndexOf(run),
      type: 'send_email',
      result: 'Skipped by a member; nothing was sent.',
      ...(actor.userId ? { by: actor.userId } : {}),
    };
    await advance(trx, run, await stepsOf(trx, run), line, now);
    return (await findRun(trx, actor.organizationId, run.id))!;
  },
};
