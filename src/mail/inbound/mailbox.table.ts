/** The venue's mailbox (SPEC §17): how Marquee reads it, and how far each folder was read. */

export const MAILBOX_TLS = ['implicit', 'starttls', 'none'] as const;
export type MailboxTls = (typeof MAILBOX_TLS)[number];

export const MAILBOX_STATES = ['connected', 'failing', 'paused'] as const;
export type MailboxState = (typeof MAILBOX_STATES)[number];

export interface MailboxTable {
  organization_id: string;
  host: string;
  port: number;
  tls: MailboxTls;
  username: string;
  /** The password sealed with a secret of this installation (mailbox-secret.ts); never shown. */
  password_sealed: string;
  /** JSON array of the folders read, e.g. ["INBOX","Sent"]. */
  folders: string;
  /** The venue's address in that mailbox; its plus tags name a booking's conversation. */
  address: string;
  plus_addressing: number;
  state: MailboxState;
  /** The server's own words the last time reading failed; null while it reads. */
  last_error: string | null;
  /** Logins refused in a row: the third pauses the mailbox. */
  refused_logins: number;
  /** When it was last read through. */
  read_at: string | null;
  created_at: string;
  updated_at: string;
}

/** Each folder's place: the UIDVALIDITY it was read under and the last UID read. */
export interface MailboxFolderTable {
  organization_id: string;
  folder: string;
  uid_validity: string;
  last_uid: number;
}

/** Its tables, joined into the schema the query layer sees (src/db/database.ts). */
declare module '../../db/database.js' {
  interface Database {
    mailboxes: MailboxTable;
    mailbox_folders: MailboxFolderTable;
  }
}
