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
import { fromHeader, organizationFrom, venueReplyTo } from './from-address.js';
import { CLIENT_MAIL_KINDS } from './mail.table.js';
import { attachmentsOf, mailQueue } from './outbox.js';
import { conversationReplyTo, conversationSent } from '../crm/messages/index.js';
import { type MailAttempt, type MailTransport, smtpTransport, withoutAddresses } from './transport.js';

const POLL_MS = 5000;
/**
 * A message is leased alone, for longer than sending it can take (10 s to connect, 10 s for the
 * greeting, 30 s of silence at most between bytes), so a live sender keeps its lease; its outcome
 * is written only while the lease is still the one it took.
 */
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

  /** Sends every message due now, one at a time (an SMTP server counts messages a minute); how many it tried. */
  async sendDue(): Promise<number> {
    let tried = 0;
    while (!this.#loop.stopped) {
      const now = this.#options.clock.now();
      const mail = await claimDue(this.#options.db, now, now + LEASE_MS);
      if (mail === undefined) break;
      const { db } = this.#options;
      const own = await organizationFrom(db, mail.organization_id);
      const replyTo = CLIENT_MAIL_KINDS.includes(mail.kind)
        ? ((mail.booking_id && (await conversationReplyTo(db, mail.organization_id, mail.booking_id, now))) ??
          (await venueReplyTo(db, mail.organization_id)))
        : undefined;
      const attachments = await attachmentsOf(db, mail.id);
      await this.#record(
        mail,
        await this.#transport.send(mail, { from: own && fromHeader(own), replyTo, attachments }),
      );
      tried += 1;
    }
    return tried;
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
        .where('lease_expires_at', '=', mail.lease_expires_at)
        .execute();
      await conversationSent(db, mail, { messageId: attempt.messageId, now });
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
      .where('lease_expires_at', '=', mail.lease_expires_at)
      .execute();
    if (delay === undefined) await conversationSent(db, mail, { now });
    // What an operator needs to follow it; never the message, its address or the SMTP_URL.
    logger.info(
      {
        mail: mail.id,
        organization: mail.organization_id,
        attempt: attempts,
        error: withoutAddresses(attempt.error),
      },
      delay === undefined ? 'e-mail not sent, for good' : 'e-mail not sent; will try again',
    );
  }
}

/** Leases the next due message until `until`, if there is one. */
async function claimDue(db: Db, now: number, until: number): Promise<OutgoingMailTable | undefined> {
  const at = isoTime(now);
  return db.transaction().execute(async (trx) => {
    const due = await skipLocked(
      trx,
      trx
        .selectFrom('outgoing_mail as m')
        .select('m.id')
        .where('m.status', '=', 'pending')
        .where('m.next_attempt_at', '<=', at)
        .where((eb) => eb.or([eb('m.lease_expires_at', 'is', null), eb('m.lease_expires_at', '<', at)]))
        .orderBy('m.next_attempt_at')
        .limit(1),
      'm',
    ).executeTakeFirst();
    if (due === undefined) return undefined;
    return trx
      .updateTable('outgoing_mail')
      .set({ lease_expires_at: isoTime(until), updated_at: at })
      .where('id', '=', due.id)
      .returningAll()
      .executeTakeFirst();
  });
}
