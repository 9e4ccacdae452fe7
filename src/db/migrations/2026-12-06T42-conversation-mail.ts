/**
 * Mail about a booking is part of its conversation (SPEC §17): an outgoing message names its
 * booking (its Reply-To is the booking's conversation address) and the message of the
 * conversation it is (whose state follows the sending: queued, sent, failed).
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('outgoing_mail').addColumn('booking_id', 'text').execute();
  await db.schema.alterTable('outgoing_mail').addColumn('conversation_message_id', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('outgoing_mail').dropColumn('conversation_message_id').execute();
  await db.schema.alterTable('outgoing_mail').dropColumn('booking_id').execute();
}
