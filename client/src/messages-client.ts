/**
 * The conversation with clients (`/v2/messages`): list a booking's messages
 * (`booking_id: {eq: id}`) or the Inbox (`booking_id: {eq: 'none'}`), read one, and file one on a
 * booking (or back into the Inbox with null) or dismiss it.
 */
import type { MessageListOptions } from './list-options.js';
import type { ChangeOptions } from './inputs.js';
import { type Requester, type ResourceReader, resourceReader, resourceWriter } from './resource-client.js';
import type { Message } from './types.js';
import { SHAPES } from './write-documents.js';

export interface MessageChanges {
  /** The booking to file it on; null: back to the Inbox. */
  booking_id?: string | null;
  dismissed?: boolean;
}

export interface MessagesClient extends ResourceReader<Message, MessageListOptions> {
  /** Files or dismisses a message (`message.updated`); `ifMatch` guards against a stale read. */
  update(id: string, changes: MessageChanges, options?: ChangeOptions): Promise<Message>;
}

export function messagesClient(api: Requester): MessagesClient {
  const writer = resourceWriter<Message, never, MessageChanges>(api, '/v2/messages', SHAPES.messages);
  return { ...resourceReader<Message, MessageListOptions>(api, '/v2/messages'), update: writer.update };
}
