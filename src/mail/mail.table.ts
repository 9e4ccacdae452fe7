/**
 * Outgoing e-mail (SPEC §13): every message Marquee sends is first a row here, written in the
 * unit of work that made it, so none is lost when SMTP is down or a process dies.
 */
export const MAIL_STATUSES = ['outbox', 'pending', 'sent', 'failed'] as const;
/**
 * `outbox`: kept for admins to read, not sent (no SMTP_URL when it was made); `pending`: to be
 * sent at `next_attempt_at`; `sent`; `failed`: refused for good, or every retry used.
 */
export type MailStatus = (typeof MAIL_STATUSES)[number];

/**
 * What a message is for: `test` (Settings → Outgoing mail), `invitation` (Settings → Team: an
 * invitation, or word that someone was added), `document` (a proposal or an invoice sent to its
 * client), then §14's messages, `password_reset` (a link asked for with "Forgot your
 * password?"), and `mailbox` (word to admins that the venue's mailbox refused the login and is
 * paused, SPEC §17), `conversation` (written to a client from a booking, SPEC §17), `task` (word
 * to a member that someone gave them a task, SPEC §18) and `automation` (an automation's mail to
 * the venue's own staff, SPEC §18).
 */
export const MAIL_KINDS = [
  'test',
  'invitation',
  'document',
  'inquiry',
  'password_reset',
  'mailbox',
  'conversation',
  'task',
  'automation',
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

/** The kinds written to a venue's clients: each answers to the venue (SPEC §13, §17). */
export const CLIENT_MAIL_KINDS: readonly MailKind[] = ['document', 'conversation'];

export interface OutgoingMailTable {
  id: string;
  organization_id: string;
  kind: MailKind;
  to_address: string;
  to_name: string | null;
  /** Its other recipients, in its To and Cc headers: JSON `{to: [{name, address}], cc: [...]}`; null: none. */
  other_recipients?: string | null;
  subject: string;
  text_body: string;
  /** The HTML part beside the text, when the message has one. */
  html_body: string | null;
  status: MailStatus;
  attempts: number;
  next_attempt_at: string | null;
  lease_expires_at: string | null;
  last_attempt_at: string | null;
  /** The SMTP server's answer to the last failed attempt (never the message). */
  last_error: string | null;
  sent_at: string | null;
  /** The Message-ID it was sent with. */
  message_id: string | null;
  /** The booking it is about: its Reply-To is the booking's conversation address (SPEC §17). */
  booking_id?: string | null;
  /** The message of the booking's conversation it is, whose state follows its sending. */
  conversation_message_id?: string | null;
  created_at: string;
  updated_at: string;
}

/** A file a message carries (an invoice's PDF), as the bytes sent; `position` orders them. */
export interface OutgoingMailAttachmentTable {
  mail_id: string;
  position: number;
  organization_id: string;
  filename: string;
  content_type: string;
  bytes: Uint8Array;
  created_at: string;
}

/** Its tables, joined into the schema the query layer sees (src/db/database.ts). */
declare module '../db/database.js' {
  interface Database {
    outgoing_mail: OutgoingMailTable;
    outgoing_mail_attachments: OutgoingMailAttachmentTable;
  }
}
