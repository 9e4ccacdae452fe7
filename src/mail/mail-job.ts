/**
 * Sending one message of the outbox (SPEC §13), as a job of the one runner (SPEC §18): a
 * `mail.send` job is queued with its message (src/mail/outbox.ts), in the same transaction. The
 * run sends it through the SMTP server, then records it `sent` in the transaction that completes
 * the job, so a process killed at any moment neither loses the message nor sends it twice; the
 * only repeat left is a kill between the server's 250 and that commit. A refusal is retried on
 * MAIL_RETRY_SCHEDULE (the job's own retries), or made `failed` at once when the server refused it
 * for good; the message's row follows the job in the same transaction.
 */
import type { Logger } from 'pino';
import { isoTime } from '../clock.js';
import type { Config } from '../config.js';
import type { Db, Trx } from '../db/database.js';
import { conversationReplyTo, conversationSent } from '../crm/messages/index.js';
import { type JobHandler, jobHandler } from '../jobs/job-handler.js';
import { fromHeader, organizationFrom, venueReplyTo } from './from-address.js';
import { CLIENT_MAIL_KINDS, type OutgoingMailTable } from './mail.table.js';
import { attachmentsOf, MAIL_JOB_KIND } from './outbox.js';
import { type MailEnvelope, type MailTransport, withoutAddresses } from './transport.js';

export { MAIL_JOB_KIND };

export interface MailJob {
  mailId: string;
}

/** Who it is from, where answers go and the files it carries, as of now. */
async function envelopeOf(db: Db, mail: OutgoingMailTable, now: number): Promise<MailEnvelope> {
  const own = await organizationFrom(db, mail.organization_id);
  const replyTo = CLIENT_MAIL_KINDS.includes(mail.kind)
    ? ((mail.booking_id && (await conversationReplyTo(db, mail.organization_id, mail.booking_id, now))) ??
      (await venueReplyTo(db, mail.organization_id)))
    : undefined;
  return { from: own && fromHeader(own), replyTo, attachments: await attachmentsOf(db, mail.id) };
}

function pendingMail(db: Db | Trx, mailId: string): Promise<OutgoingMailTable | undefined> {
  return db
    .selectFrom('outgoing_mail')
    .selectAll()
    .where('id', '=', mailId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
}

export function mailJobHandler(options: {
  config: Config;
  transport: MailTransport;
  logger: Logger;
}): JobHandler {
  const { config, transport, logger } = options;
  return jobHandler<MailJob>({
    kind: MAIL_JOB_KIND,
    retrySchedule: config.mailRetrySchedule,
    async run({ payload, writer, transaction }) {
      const now = writer.clock.now();
      const mail = await pendingMail(writer.db, payload.mailId);
      // Gone (pruned) or settled already (sent again by hand): nothing to send.
      if (mail === undefined) return;
      const attempt = await transport.send(mail, await envelopeOf(writer.db, mail, now));
      if (!attempt.ok)
        return {
          error: withoutAddresses(attempt.error),
          permanent: attempt.permanent,
          detail: attempt.error,
        };
      await transaction(async (trx) => {
        const at = isoTime(writer.clock.now());
        await trx
          .updateTable('outgoing_mail')
          .set({
            status: 'sent',
            attempts: mail.attempts + 1,
            sent_at: at,
            message_id: attempt.messageId,
            next_attempt_at: null,
            lease_expires_at: null,
            last_attempt_at: at,
            updated_at: at,
          })
          .where('id', '=', mail.id)
          .execute();
        await conversationSent(trx, mail, { messageId: attempt.messageId, now });
      });
    },
    async onFailure(trx, job, now, { failure, retryAt }) {
      const mail = await pendingMail(trx, (JSON.parse(job.payload) as MailJob).mailId);
      if (mail === undefined) return;
      const at = isoTime(now);
      const attempts = mail.attempts + 1;
      await trx
        .updateTable('outgoing_mail')
        .set({
          status: retryAt === undefined ? 'failed' : 'pending',
          attempts,
          next_attempt_at: retryAt === undefined ? null : isoTime(retryAt),
          lease_expires_at: null,
          last_attempt_at: at,
          last_error: failure.detail ?? failure.error,
          updated_at: at,
        })
        .where('id', '=', mail.id)
        .execute();
      if (retryAt === undefined) await conversationSent(trx, mail, { now });
      // What an operator needs to follow it; never the message, its address or the SMTP_URL.
      logger.info(
        { mail: mail.id, organization: mail.organization_id, attempt: attempts, error: failure.error },
        retryAt === undefined ? 'e-mail not sent, for good' : 'e-mail not sent; will try again',
      );
    },
  });
}
