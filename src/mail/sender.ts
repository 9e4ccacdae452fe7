/**
 * The mail sender inside `serve` (SPEC §13), when SMTP_URL is set: it leases due messages
 * (several processes share the outbox without taking the same one), sends each through the SMTP
 * server, and records the outcome: sent; tried again on MAIL_RETRY_SCHEDULE; or `failed` when the
 * server refused it for good or every retry is used. A lease held by a process that died expires.
 * Messages queued in this process wake it at once; otherwise it looks every few seconds.
 */
import type { Logger } from 'pino';
import type { Clock } from '../clock.js';
import { isoTime } from '../clock.js';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import { skipLocked } from '../db/skip-locked.js';
import { PollingLoop } from '../jobs/polling-loop.js';
import { retryDelaySeconds } from '../webhooks/retry-schedule.js';
import type { OutgoingMailTable } from './mail.table.js';
import { mailQueue } from './outbox.js';
import { type MailAttempt, type MailTransport, smtpTransport } from './transport.js';

const BATCH = 10;
const POLL_MS = 5000;
/** Longer than a message can take (connection, greeting and socket time-outs), so a live sender keeps its lease. */
const LEASE_MS = 5 * 60 * 1000;

export interface MailSenderOptions {
  db: Db;
  config: Config;
  clock: Clock;
  logger: Logger;
  /** Tests give their own; by default the SMTP server of `config.smtpUrl`. */
  transport?: MailTransport;
}

export class MailSender {
  readonly #options: MailSenderOptions;
  readonly #transport: MailTransport;
  readonly #loop: PollingLoop;
  readonly #wake = () => this.#loop.soon(0);

  constructor(options: MailSenderOptions) {
    const { smtpUrl, mailFrom } = options.config;
    if (smtpUrl === undefined && options.transport === undefined)
      throw new Error('The mail sender needs SMTP_URL.');
    this.#options = options;
    this.#transport = options.transport ?? smtpTransport(smtpUrl!, mailFrom);
    this.#loop = new PollingLoop(
      () => this.sendDue(),
      POLL_MS,
      (error) => options.logger.warn({ err: error }, 'sending e-mail failed; will try again'),
    );
  }

  start(): void {
    mailQueue.on('queued', this.#wake);
    this.#loop.soon(0);
  }

  async stop(): Promise<void> {
    mailQueue.off('queued', this.#wake);
    await this.#loop.stop();
    this.#transport.close();
  }

  /** Sends every message due now; how many it tried. */
  async sendDue(): Promise<number> {
    let tried = 0;
    for (;;) {
      if (this.#loop.stopped) return tried;
      const now = this.#options.clock.now();
      const batch = await claimDue(this.#options.db, now, now + LEASE_MS, BATCH);
      // One at a time: an SMTP server counts connections and messages a minute.
      for (const mail of batch) await this.#record(mail, await this.#transport.send(mail));
      tried += batch.length;
      if (batch.length < BATCH) return tried;
    }
  }

  async #record(mail: OutgoingMailTable, attempt: MailAttempt): Promise<void> {
    const { db, config, clock, logger } = this.#options;
    const now = clock.now();
    const at = isoTime(now);
    const attempts = mail.attempts + 1;
    if (attempt.ok) {
      await db
        .updateTable('outgoing_mail')
        .set({
          status: 'sent',
          attempts,
          sent_at: at,
          message_id: attempt.messageId,
          next_attempt_at: null,
          lease_expires_at: null,
          last_attempt_at: at,
          updated_at: at,
        })
        .where('id', '=', mail.id)
        .execute();
      return;
    }
    const delay = attempt.permanent ? undefined : retryDelaySeconds(attempts, config.mailRetrySchedule);
    await db
      .updateTable('outgoing_mail')
      .set({
        status: delay === undefined ? 'failed' : 'pending',
        attempts,
        next_attempt_at: delay === undefined ? null : isoTime(now + delay * 1000),
        lease_expires_at: null,
        last_attempt_at: at,
        last_error: attempt.error,
        updated_at: at,
      })
      .where('id', '=', mail.id)
      .execute();
    // What an operator needs to follow it; never the message, its address or the SMTP_URL.
    logger.info(
      { mail: mail.id, organization: mail.organization_id, attempt: attempts, error: attempt.error },
      delay === undefined ? 'e-mail not sent, for good' : 'e-mail not sent; will try again',
    );
  }
}

/** Leases up to `limit` due messages until `until`. */
async function claimDue(db: Db, now: number, until: number, limit: number): Promise<OutgoingMailTable[]> {
  const at = isoTime(now);
  return db.transaction().execute(async (trx) => {
    const due = skipLocked(
      trx,
      trx
        .selectFrom('outgoing_mail as m')
        .select('m.id')
        .where('m.status', '=', 'pending')
        .where('m.next_attempt_at', '<=', at)
        .where((eb) => eb.or([eb('m.lease_expires_at', 'is', null), eb('m.lease_expires_at', '<', at)]))
        .orderBy('m.next_attempt_at')
        .limit(limit),
      'm',
    );
    const ids = (await due.execute()).map((r) => r.id);
    if (ids.length === 0) return [];
    return trx
      .updateTable('outgoing_mail')
      .set({ lease_expires_at: isoTime(until), updated_at: at })
      .where('id', 'in', ids)
      .returningAll()
      .execute();
  });
}
