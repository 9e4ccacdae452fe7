/**
 * The kinds of job every `serve` process runs, and the recurring runs it makes sure are queued
 * when it starts (src/jobs/recurring.ts): pruning, the payment schedules' clock, and the venue's
 * automations (their occasions, their steps and their look for date triggers, SPEC §18), the
 * e-mail to a task's assignee at its due time and the look that queues members' daily digests.
 */
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import { automationJobHandlers, dateLookRecurrence } from '../crm/automations/index.js';
import type { RenderingContext } from '../crm/email-templates/index.js';
import { taskDigestRecurrence, taskReminderHandlers } from '../crm/tasks/index.js';
import { installmentClockRecurrence } from '../crm/payments/schedule-clock.js';
import type { Metrics } from '../metrics/metrics.js';
import type { Writer } from '../writes/unit-of-work.js';
import { configuredRetention, pruneRecurrence } from './prune.js';
import { type Recurrence, recurringHandler, startRecurring } from './recurring.js';
import { JobRunner } from './runner.js';
import { tallyHandler } from './diagnostic.js';

export interface ServeJobs {
  writer: Writer;
  config: Config;
  logger: Logger;
  /** Where automations write their templates: the process's rendering threads. */
  rendering: RenderingContext;
  metrics?: Metrics;
}

function recurrences({ config, logger }: ServeJobs): Recurrence[] {
  return [
    pruneRecurrence(configuredRetention(config), logger),
    installmentClockRecurrence,
    dateLookRecurrence,
    taskDigestRecurrence,
  ];
}

/** The runner of a `serve` process: `start` queues the recurring runs and starts it; stop it on close. */
export function serveJobRunner(options: ServeJobs): { runner: JobRunner; start(): Promise<void> } {
  const recurring = recurrences(options);
  const { config } = options;
  const automations = automationJobHandlers({
    rendering: options.rendering,
    sending: config.smtpUrl !== undefined,
    baseUrl: config.baseUrl,
    mailPerHour: config.mailPerHour,
  });
  const runner = new JobRunner({
    writer: options.writer,
    logger: options.logger,
    handlers: [
      ...recurring.map(recurringHandler),
      ...automations,
      ...taskReminderHandlers({ sending: config.smtpUrl !== undefined, baseUrl: config.baseUrl }),
      ...(config.diagnosticJobs ? [tallyHandler] : []),
    ],
    retrySchedule: config.webhookRetrySchedule,
    ...(options.metrics ? { metrics: options.metrics } : {}),
  });
  return {
    runner,
    async start() {
      await startRecurring(options.writer.db, recurring, options.writer.clock.now());
      runner.start();
    },
  };
}
