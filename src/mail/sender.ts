/**
 * The mail sender (SPEC §13), when SMTP_URL is set: the `mail.send` jobs of the one job runner
 * (src/mail/mail-job.ts), which every `serve` process runs among its other kinds
 * (src/jobs/built-in.ts). This class runs that kind alone, for a caller that sends the outbox by
 * itself: `sendDue` sends what is due now, `start` keeps sending as messages are queued.
 */
import type { Logger } from 'pino';
import type { Clock } from '../clock.js';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import { JobRunner } from '../jobs/runner.js';
import type { Metrics } from '../metrics/metrics.js';
import { mailJobHandler } from './mail-job.js';
import { type MailTransport, smtpTransport } from './transport.js';

export interface MailSenderOptions {
  db: Db;
  config: Config;
  clock: Clock;
  logger: Logger;
  /** Tests give their own; by default the SMTP server of `config.smtpUrl`. */
  transport?: MailTransport;
  /** Where the runner counts failed sends (`marquee_job_failures_total{kind="mail.send"}`). */
  metrics?: Metrics;
}

/** The transport `config` names (its SMTP_URL), or undefined when mail is kept in the outbox. */
export function configuredTransport(config: Config): MailTransport | undefined {
  return config.smtpUrl === undefined ? undefined : smtpTransport(config.smtpUrl, config.mailFrom);
}

export class MailSender {
  readonly #transport: MailTransport;
  readonly #runner: JobRunner;

  constructor(options: MailSenderOptions) {
    const transport = options.transport ?? configuredTransport(options.config);
    if (transport === undefined) throw new Error('The mail sender needs SMTP_URL.');
    this.#transport = transport;
    const { config, logger } = options;
    this.#runner = new JobRunner({
      writer: { db: options.db, clock: options.clock },
      logger,
      handlers: [mailJobHandler({ config, transport, logger })],
      retrySchedule: config.mailRetrySchedule,
      ...(options.metrics ? { metrics: options.metrics } : {}),
    });
  }

  start(): void {
    this.#runner.start();
  }

  async stop(): Promise<void> {
    await this.#runner.stop();
    this.#transport.close();
  }

  /** Sends every message due now, one at a time (an SMTP server counts messages a minute); how many it tried. */
  sendDue(): Promise<number> {
    return this.#runner.drain();
  }
}
