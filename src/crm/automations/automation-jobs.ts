/**
 * The engine's kinds of job on the one job runner (SPEC §18, src/jobs/runner.ts): an occasion
 * answered (runs ended and started), a run's step done, and the look for date triggers every
 * five minutes. Each commits with its job's completion. A step the rules refuse (a stage move
 * that would clash, a template that cannot be written for the booking) ends its run `failed`
 * with the refusal's words in its log, rather than being tried again.
 */
import type { Trx } from '../../db/database.js';
import { automationActor } from '../../policy/actor.js';
import { type JobHandler, jobHandler } from '../../jobs/job-handler.js';
import { refusalOf } from '../../writes/refusal.js';
import type { RenderingContext } from '../email-templates/index.js';
import { tasksPageUrl } from '../tasks/index.js';
import { answerOccasion } from './automation-enrollment.js';
import { OCCASION_JOB, type OccasionPayload } from './automation-listening.js';
import { renderStepMail } from './automation-mail.js';
import { endRun, STEP_JOB, type StepPayload } from './automation-run-writes.js';
import { MailNeeded, runStep, type StepInput, stepOf } from './automation-step.js';

export interface AutomationJobOptions {
  /** Where templates are written (the rendering threads, the database, the clock). */
  rendering: RenderingContext;
  /** Whether an SMTP server sends mail. */
  sending: boolean;
  baseUrl: string;
  /** The most messages to clients an organization may send in any hour (MAIL_PER_HOUR); none when absent. */
  mailPerHour?: number | undefined;
}

async function failStep(trx: Trx, organizationId: string, payload: StepPayload, why: string, now: number) {
  const found = await stepOf(trx, organizationId, payload.runId, payload.stepIndex);
  if (!found) return;
  const type = found.step?.type ?? 'done';
  await endRun(trx, found.run, 'failed', { step_index: payload.stepIndex, type, result: why }, now);
}

const organizationOf = (job: { organization_id: string | null }) => job.organization_id ?? '';

export function automationJobHandlers(options: AutomationJobOptions): JobHandler[] {
  const occasion = jobHandler<OccasionPayload>({
    kind: OCCASION_JOB,
    async run(context) {
      const { occasion: met, changeId } = context.payload;
      await context.write(automationActor(organizationOf(context.job)), answerOccasion, {
        occasion: met,
        key: changeId,
      });
    },
  });
  const step = jobHandler<StepPayload>({
    kind: STEP_JOB,
    // Its effect is all in the database, written through its context: an organization's steps
    // of a claim commit together on PostgreSQL (src/jobs/shared-transaction.ts).
    sharesTransaction: true,
    async run(context) {
      const organizationId = organizationOf(context.job);
      const payload = context.payload;
      const step = (mail: StepInput['mail']) =>
        context.write(automationActor(organizationId), runStep, {
          ...payload,
          mail,
          sending: options.sending,
          mailPerHour: options.mailPerHour,
          tasksUrl: tasksPageUrl(options.baseUrl, organizationId),
        });
      try {
        // Only a send_email step needs its mail, written outside the unit of work: it says so.
        await step(undefined).catch(async (error: unknown) => {
          if (!(error instanceof MailNeeded)) throw error;
          const { templateId, bookingId } = error;
          await step(await renderStepMail(options.rendering, organizationId, templateId, bookingId));
        });
      } catch (error) {
        const refusal = refusalOf(error);
        if (!refusal) throw error;
        const why = refusal.problems.map((p) => p.detail).join(' ') || refusal.detail;
        await context.transaction((trx) =>
          failStep(trx, organizationId, payload, why, context.writer.clock.now()),
        );
      }
    },
  });
  return [occasion, step];
}
