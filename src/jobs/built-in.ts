/**
 * The kinds of job every `serve` process runs, and the recurring runs it makes sure are queued
 * when it starts (src/jobs/recurring.ts).
 */
import type { Logger } from 'pino';
import type { Config } from '../config.js';
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
  metrics?: Metrics;
}

function recurrences({ config, logger }: ServeJobs): Recurrence[] {
  return [pruneRecurrence(configuredRetention(config), logger), installmentClockRecurrence];
}

/** The runner of a `serve` process: `start` queues the recurring runs and starts it; stop it on close. */
export function serveJobRunner(options: ServeJobs): { runner: JobRunner; start(): Promise<void> } {
  const recurring = recurrences(options);
  const runner = new JobRunner({
    writer: options.writer,
    logger: options.logger,
    handlers: [...recurring.map(recurringHandler), ...(options.config.diagnosticJobs ? [tallyHandler] : [])],
    retrySchedule: options.config.webhookRetrySchedule,
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
