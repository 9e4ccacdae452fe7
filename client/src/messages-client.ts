/**
 * The conversation with clients (`/v2/messages`): list a booking's messages
 * (`booking_id: {eq: id}`) or the Inbox (`booking_id: {eq: 'none'}`), read one, write to a client
 * from a booking, and file one on a booking (or back into the Inbox with null) or dismiss it.
 */
import type { MessageListOptions } from './list-options.js';
import type { ChangeOptions, CreateOptions } from './inputs.js';
import { type Requester, type ResourceReader, resourceReader, resourceWriter } from './resource-client.js';
import type { Message } from './types.js';
import { SHAPES } from './write-documents.js';

export interface MessageChanges {
  /** The booking to file it on; null: back to the Inbox. */
  booking_id?: string | null;
  dismissed?: boolean;
}

/** An address as a plain string, or with the name it is shown with. */
export type MessageRecipient = string | { name?: string; email: string };

/** A message to a client about a booking (`POST /v2/messages`). */
export interface NewMessage {
  /** The booking it is about (its id, or the booking). */
  booking: string | { id: string };
  /** Default: the booking's contact. */
  to?: MessageRecipient[];
  cc?: MessageRecipient[];
  /** With `template_id`, what is given here wins over what the template writes. */
  subject?: string;
  text?: string;
  /** An e-mail template of the organization, written for the booking. */
  template_id?: string;
  /** Documents of the booking attached as PDFs, as they were sent or issued. */
  document_ids?: string[];
}

export interface MessagesClient extends ResourceReader<Message, MessageListOptions> {
  /**
   * Writes to a client (`message.sent` once the SMTP server takes it, else `message.failed`); it
   * is `queued` when answered. Sent with an Idempotency-Key, so a retry never writes twice.
   */
  create(input: NewMessage, options?: CreateOptions): Promise<Message>;
  /** Files or dismisses a message (`message.updated`); `ifMatch` guards against a stale read. */
  update(id: string, changes: MessageChanges, options?: ChangeOptions): Promise<Message>;
}

export function messagesClient(api: Requester): MessagesClient {
  const writer = resourceWriter<Message, NewMessage, MessageChanges>(api, '/v2/messages', SHAPES.messages);
  return {
    ...resourceReader<Message, MessageListOptions>(api, '/v2/messages'),
    create: writer.create,
    update: writer.update,
  };
}
