/**
 * A message of the conversation with a client as the domain knows it, and its codec: the row of
 * `messages` read into the value (addresses as objects, attachments as a list, flags as booleans).
 * The row type never leaves this folder.
 */
import type { MessageDirection, MessageState, MessageTable } from './message.table.js';

export interface Mailbox {
  name: string;
  email: string;
}

export interface AttachmentFacts {
  name: string;
  content_type: string;
  size: number;
}

export interface Message {
  id: string;
  organizationId: string;
  bookingId: string | null;
  contactId: string | null;
  direction: MessageDirection;
  from: Mailbox;
  to: Mailbox[];
  cc: Mailbox[];
  subject: string;
  text: string;
  html: string | null;
  sentAt: string;
  state: MessageState;
  messageId: string;
  inReplyTo: string | null;
  threadIds: string[];
  attachments: AttachmentFacts[];
  dismissed: boolean;
  readAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/** A message as the Conversation draws it: no HTML (never drawn), its text up to what a page shows. */
export type ConversationMessage = Pick<
  Message,
  | 'id'
  | 'direction'
  | 'from'
  | 'to'
  | 'cc'
  | 'subject'
  | 'text'
  | 'sentAt'
  | 'state'
  | 'attachments'
  | 'readAt'
> & {
  /** Its text is longer than the `text` read. */
  textCut: boolean;
};

/** The columns a Conversation page reads of a message: its text cut, and the length of the whole. */
type ShownColumns = Pick<
  MessageTable,
  | 'id'
  | 'direction'
  | 'from_name'
  | 'from_email'
  | 'to_list'
  | 'cc_list'
  | 'subject'
  | 'text'
  | 'sent_at'
  | 'state'
  | 'attachments'
  | 'read_at'
> & { text_length: number | string };

export const messageCodec = {
  /** A message as a Conversation page shows it, its text cut at `shown` characters. */
  decodeShown(row: ShownColumns, shown: number): ConversationMessage {
    return {
      id: row.id,
      direction: row.direction,
      from: { name: row.from_name, email: row.from_email },
      to: JSON.parse(row.to_list) as Mailbox[],
      cc: JSON.parse(row.cc_list) as Mailbox[],
      subject: row.subject,
      text: row.text,
      textCut: Number(row.text_length) > shown,
      sentAt: row.sent_at,
      state: row.state,
      attachments: JSON.parse(row.attachments) as AttachmentFacts[],
      readAt: row.read_at,
    };
  },
  decode(row: MessageTable): Message {
    return {
      id: row.id,
      organizationId: row.organization_id,
      bookingId: row.booking_id,
      contactId: row.contact_id,
      direction: row.direction,
      from: { name: row.from_name, email: row.from_email },
      to: JSON.parse(row.to_list) as Mailbox[],
      cc: JSON.parse(row.cc_list) as Mailbox[],
      subject: row.subject,
      text: row.text,
      html: row.html,
      sentAt: row.sent_at,
      state: row.state,
      messageId: row.message_id,
      inReplyTo: row.in_reply_to,
      threadIds: JSON.parse(row.thread_ids) as string[],
      attachments: JSON.parse(row.attachments) as AttachmentFacts[],
      dismissed: Number(row.dismissed) === 1,
      readAt: row.read_at,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    };
  },
  encode(message: Omit<Message, 'updatedAt'> & { updatedAt?: string }): MessageTable {
    return {
      id: message.id,
      organization_id: message.organizationId,
      booking_id: message.bookingId,
      contact_id: message.contactId,
      direction: message.direction,
      from_name: message.from.name,
      from_email: message.from.email,
      to_list: JSON.stringify(message.to),
      cc_list: JSON.stringify(message.cc),
      subject: message.subject,
      text: message.text,
      html: message.html,
      sent_at: message.sentAt,
      state: message.state,
      message_id: message.messageId,
      in_reply_to: message.inReplyTo,
      thread_ids: JSON.stringify(message.threadIds),
      attachments: JSON.stringify(message.attachments),
      dismissed: message.dismissed ? 1 : 0,
      read_at: message.readAt,
      created_at: message.createdAt,
      updated_at: message.updatedAt ?? message.createdAt,
    };
  },
};
