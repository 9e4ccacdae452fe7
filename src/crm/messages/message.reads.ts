/** What the doors read of the conversation: a booking's messages, as values, oldest first. */
import type { Db } from '../../db/database.js';
import { type Message, messageCodec } from './message.value.js';

export async function latestMessagesOf(
  db: Db,
  organizationId: string,
  bookingId: string,
  limit: number,
): Promise<Message[]> {
  const rows = await db
    .selectFrom('messages')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('booking_id', '=', bookingId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map(messageCodec.decode).reverse();
}

/** Every message of a booking's conversation, in and out, in the order they were sent. */
export async function conversationOf(db: Db, organizationId: string, bookingId: string): Promise<Message[]> {
  const rows = await db
    .selectFrom('messages')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('booking_id', '=', bookingId)
    .orderBy('sent_at')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map(messageCodec.decode);
}

/**
 * Which of `documentIds` have a kept PDF a message may carry (as sent or issued): the documents
 * Write to client offers to attach, as sendMessage attaches them.
 */
export async function attachableDocumentIds(db: Db, documentIds: readonly string[]): Promise<Set<string>> {
  if (documentIds.length === 0) return new Set();
  const kept = await db
    .selectFrom('document_files')
    .select('document_id')
    .where('document_id', 'in', [...documentIds])
    .where('role', 'in', ['sent', 'issued'])
    .execute();
  return new Set(kept.map((k) => k.document_id));
}
