/**
 * The outbox (SPEC §13): a message is queued in the unit of work that makes it, `pending` when
 * an SMTP server is configured (with its `mail.send` job, src/mail/mail-job.ts) and `outbox` when not (kept
 * for admins to read under Settings → Outgoing mail, never sent by itself). Admins may send a
 * failed or kept message again.
 */
import { isoTime } from '../clock.js';
import type { Db, Trx } from '../db/database.js';
import { newId } from '../db/ids.js';
import { enqueueJob, reviveJob } from '../jobs/job.repository.js';
import { withCredentialsHidden } from './hidden-credentials.js';
import type { MailKind, OutgoingMailTable } from './mail.table.js';

/** The kind of job that sends a message (src/mail/mail-job.ts). */
export const MAIL_JOB_KIND = 'mail.send';

/** The job that sends a message: one per message, its key the message's id. */
const sendingJob = (mail: { id: string; organizationId: string }, now: number) => ({
  kind: MAIL_JOB_KIND,
  dedupeKey: mail.id,
  organizationId: mail.organizationId,
  payload: { mailId: mail.id },
  dueAt: now,
  now,
});

export interface NewMail {
  organizationId: string;
  kind: MailKind;
  to: { address: string; name?: string | null | undefined };
  /** Other recipients in its To header, beside `to`. */
  alsoTo?: ReadonlyArray<MailAddress> | undefined;
  /** Copies, in its Cc header. */
  cc?: ReadonlyArray<MailAddress> | undefined;
  subject: string;
  text: string;
  /** An HTML part beside the text, which every client can fall back on. */
  html?: string | undefined;
  /** Files it carries, kept with it as the bytes to send. */
  attachments?: readonly MailAttachment[] | undefined;
  /** The booking it is about, and the message of its conversation it is (SPEC §17). */
  conversation?: { bookingId: string; messageId: string } | undefined;
}

export interface MailAddress {
  address: string;
  name?: string | null | undefined;
}

/** What `other_recipients` keeps of a mail's other recipients, or null when it has none. */
function otherRecipients(mail: NewMail): string | null {
  const keep = (list: ReadonlyArray<MailAddress> = []) =>
    list.map((a) => ({ name: a.name ?? null, address: a.address }));
  if (!mail.alsoTo?.length && !mail.cc?.length) return null;
  return JSON.stringify({ to: keep(mail.alsoTo), cc: keep(mail.cc) });
}

export interface MailAttachment {
  /** The name the recipient sees: "Invoice INV-00001.pdf". */
  filename: string;
  contentType: string;
  bytes: Uint8Array;
}

/** Queues `mail`; `sending` says whether an SMTP server is configured to send it. */
export async function queueMail(
  db: Db | Trx,
  mail: NewMail,
  { now, sending }: { now: number; sending: boolean },
): Promise<OutgoingMailTable> {
  const at = isoTime(now);
  const row: OutgoingMailTable = {
    id: newId(),
    organization_id: mail.organizationId,
    kind: mail.kind,
    to_address: mail.to.address,
    to_name: mail.to.name ?? null,
    other_recipients: otherRecipients(mail),
    subject: mail.subject,
    text_body: mail.text,
    html_body: mail.html ?? null,
    status: sending ? 'pending' : 'outbox',
    attempts: 0,
    next_attempt_at: sending ? at : null,
    lease_expires_at: null,
    last_attempt_at: null,
    last_error: null,
    sent_at: null,
    message_id: null,
    booking_id: mail.conversation?.bookingId ?? null,
    conversation_message_id: mail.conversation?.messageId ?? null,
    created_at: at,
    updated_at: at,
  };
  await db.insertInto('outgoing_mail').values(row).execute();
  const attachments = mail.attachments ?? [];
  if (attachments.length > 0)
    await db
      .insertInto('outgoing_mail_attachments')
      .values(
        attachments.map((file, position) => ({
          mail_id: row.id,
          position,
          organization_id: mail.organizationId,
          filename: file.filename,
          content_type: file.contentType,
          bytes: Buffer.from(file.bytes),
          created_at: at,
        })),
      )
      .execute();
  if (sending) await enqueueJob(db, sendingJob({ id: row.id, organizationId: mail.organizationId }, now));
  return row;
}

/** The files a message carries, in order. */
export async function attachmentsOf(db: Db | Trx, mailId: string): Promise<MailAttachment[]> {
  const rows = await db
    .selectFrom('outgoing_mail_attachments')
    .select(['filename', 'content_type', 'bytes'])
    .where('mail_id', '=', mailId)
    .orderBy('position')
    .execute();
  return rows.map((row) => ({
    filename: row.filename,
    contentType: row.content_type,
    bytes: new Uint8Array(row.bytes),
  }));
}

/** How many messages Settings → Outgoing mail lists, newest first. */
export const OUTBOX_PAGE = 100;

/** The organization's latest messages, newest first. */
export function latestMail(db: Db, organizationId: string): Promise<OutgoingMailTable[]> {
  return db
    .selectFrom('outgoing_mail')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(OUTBOX_PAGE)
    .execute();
}

/** One of the organization's messages as its admins read it: any credential in it hidden. */
export async function findMail(
  db: Db,
  organizationId: string,
  id: string,
): Promise<OutgoingMailTable | undefined> {
  const mail = await db
    .selectFrom('outgoing_mail')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .executeTakeFirst();
  return (
    mail && {
      ...mail,
      text_body: withCredentialsHidden(mail.text_body),
      html_body: mail.html_body === null ? null : withCredentialsHidden(mail.html_body),
    }
  );
}

/**
 * Makes a failed message, or one kept in the outbox, due now with a fresh set of retries, in the
 * unit of work of an admin's *Send again* (src/crm/organization/outgoing-mail.commands.ts); false
 * when there is no such message or it is sent or already waiting.
 */
export async function sendAgain(trx: Trx, organizationId: string, id: string, now: number): Promise<boolean> {
  const at = isoTime(now);
  const result = await trx
    .updateTable('outgoing_mail')
    .set({ status: 'pending', attempts: 0, next_attempt_at: at, lease_expires_at: null, updated_at: at })
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .where('status', 'in', ['failed', 'outbox'])
    .executeTakeFirst();
  const again = Number(result.numUpdatedRows) === 1;
  if (again) await reviveJob(trx, sendingJob({ id, organizationId }, now));
  return again;
}

/**
 * Forgets messages done with (sent, failed, or kept unsent) whose last change is older than
 * `before`: the outbox is a record of recent mail, not an archive (EVENT_RETENTION, as changes).
 * Messages waiting to be sent are kept whatever their age.
 */
export async function pruneMail(db: Db, before: string): Promise<number> {
  const result = await db
    .deleteFrom('outgoing_mail')
    .where('status', 'in', ['sent', 'failed', 'outbox'])
    .where('updated_at', '<', before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
