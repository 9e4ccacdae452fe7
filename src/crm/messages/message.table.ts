/** The messages of the conversation with clients (SPEC §17), filed on bookings or in the Inbox. */

export const MESSAGE_DIRECTIONS = ['in', 'out'] as const;
export type MessageDirection = (typeof MESSAGE_DIRECTIONS)[number];

export const MESSAGE_STATES = ['queued', 'sent', 'failed', 'received'] as const;
export type MessageState = (typeof MESSAGE_STATES)[number];

export interface MessageTable {
  id: string;
  organization_id: string;
  /** Null while it waits in the Inbox. */
  booking_id: string | null;
  contact_id: string | null;
  direction: MessageDirection;
  from_name: string;
  from_email: string;
  /** JSON arrays of {name, email}. */
  to_list: string;
  cc_list: string;
  subject: string;
  text: string;
  /** Sanitised HTML (inbound-html.ts), or null when the message had none. */
  html: string | null;
  sent_at: string;
  state: MessageState;
  /** Its Message-ID, without angle brackets: a message is filed once per organization. */
  message_id: string;
  in_reply_to: string | null;
  /** JSON array of the Message-IDs it answers (In-Reply-To, then References). */
  thread_ids: string;
  /** JSON array of {name, content_type, size}, in order (the bytes are message_attachments'). */
  attachments: string;
  dismissed: number;
  /** When a member read it on its booking; null: unread. */
  read_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface MessageAttachmentTable {
  id: string;
  message_id: string;
  organization_id: string;
  position: number;
  name: string;
  content_type: string;
  size: number;
  content: Buffer;
}

/** A reply drafted for a member to send (an assistant's `draft_reply`): never sent by itself. */
export interface MessageDraftTable {
  id: string;
  organization_id: string;
  booking_id: string;
  text: string;
  /** Who drafted it (the assistant's user), if anyone. */
  author_id: string | null;
  /** The door it came through (assistant, workspace). */
  door: string;
  created_at: string;
  updated_at: string;
}

/** Its tables, joined into the schema the query layer sees (src/db/database.ts). */
declare module '../../db/database.js' {
  interface Database {
    messages: MessageTable;
    message_attachments: MessageAttachmentTable;
    message_drafts: MessageDraftTable;
  }
}
