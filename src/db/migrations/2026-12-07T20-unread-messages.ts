/**
 * Unread mail on the bookings list and Home (SPEC §17): the inbound messages nobody has read yet,
 * by organization and booking. Most mail of a venue with a history has been read, and the venue's
 * own is never "unread": an index of the unread inbound messages alone lets the one grouped query
 * of the unread counts (src/crm/messages/inbox.reads.ts, which says the same condition) read
 * those and nothing else.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('messages_unread_idx')
    .on('messages')
    .columns(['organization_id', 'booking_id'])
    .where(sql<boolean>`read_at is null and direction = 'in'`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('messages_unread_idx').execute();
}
