/**
 * The kinds of job every `serve` process runs, and the recurring runs it makes sure are queued
 * when it starts (src/jobs/recurring.ts): all of its timed work (SPEC §18). Webhook deliveries,
 * outgoing mail and its retries (when SMTP_URL is set), the mailboxes' reading (a round each
 * minute, a read at once on IDLE's word), pruning, the payment schedules' clock, and the venue's
 * automations (their occasions, their steps and their look for date triggers), the e-mail to a
 * task's assignee at its due time and the look that queues members' daily digests.
 */
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import { automationJobHandlers, dateLookRecurrence } from '../crm/automations/index.js';
import type { RenderingContext } from '../crm/email-templates/index.js';
import { taskDigestRecurrence, taskReminderHandlers } from '../crm/tasks/index.js';
import { installmentClockRecurrence } from '../crm/payments/index.js';
import { mailboxReadHandler, mailboxRound } from '../mail/inbound/mailbox-jobs.js';
import { MailboxReader } from '../mail/inbound/mailbox-reader.js';
import { mailJobHandler } from '../mail/mail-job.js';
import { configuredTransport } from '../mail/sender.js';
import type { Metrics } from '../metrics/metrics.js';
import { deliveryAgent } from '../webhooks/deliver.js';
import { deliveryJobHandler } from '../webhooks/worker.js';
import type { Writer } from '../writes/unit-of-work.js';
import { configuredRetention, pruneRecurrence } from './prune.js';
import { recurringHandler, startRecurring } from '../jobs/recurring.js';
import { JobRunner } from '../jobs/runner.js';
import { tallyHandler } from '../jobs/diagnostic.js';

export interface ServeJobs {
  writer: Writer;
  config: Config;
  logger: Logger;
  /** Where automations write their templates: the process's rendering threads. */
  rendering: RenderingContext;
  metrics?: Metrics;
}

export interface ServeJobRunner {
  runner: JobRunner;
  /** Queues the recurring runs, starts the runner and watches the mailboxes. */
  start(): Promise<void>;
  /** Stops the runner (waiting for the jobs under way), then closes its connections. */
  stop(): Promise<void>;
}

/** The runner of a `serve` process, with every kind of its timed work. */
export function serveJobRunner(options: ServeJobs): ServeJobRunner {
  const { config, logger, writer, metrics } = options;
  const sending = config.smtpUrl !== undefined;
  const mailboxes = new MailboxReader({
    db: writer.db,
    writer,
    clock: writer.clock,
    logger,
    allowPrivateNetworks: config.webhookAllowPrivateNetworks,
    sending,
  });
  const recurring = [
    pruneRecurrence(configuredRetention(config), logger),
    installmentClockRecurrence,
    dateLookRecurrence,
    taskDigestRecurrence,
    mailboxRound(mailboxes),
  ];
  const automations = automationJobHandlers({
    rendering: options.rendering,
    sending,
    baseUrl: config.baseUrl,
    mailPerHour: config.mailPerHour,
  });
  const agent = deliveryAgent(config.webhookAllowPrivateNetworks);
  const transport = configuredTransport(config);
  const runner = new JobRunner({
    writer,
    logger,
    handlers: [
      ...recurring.map(recurringHandler),
      ...automations,
      ...taskReminderHandlers({ sending, baseUrl: config.baseUrl }),
      deliveryJobHandler({ config, logger, agent, metrics }),
      ...(transport ? [mailJobHandler({ config, transport, logger })] : []),
      mailboxReadHandler(mailboxes),
      ...(config.diagnosticJobs ? [tallyHandler] : []),
    ],
    retrySchedule: config.webhookRetrySchedule,
    ...(config.jobLeaseSeconds ? { leaseMs: config.jobLeaseSeconds * 1000 } : {}),
    ...(metrics ? { metrics } : {}),
  });
  return {
    runner,
    async start() {
      await startRecurring(writer.db, recurring, writer.clock.now());
      runner.start();
      mailboxes.start();
    },
    async stop() {
      await mailboxes.stop();
      await runner.stop();
      await agent.close();
      transport?.close();
    },
  };
}
