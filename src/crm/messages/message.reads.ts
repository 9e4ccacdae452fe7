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
