/**
 * The Inbox and the Conversation read by indexes in their own order (SPEC §17). The Inbox's
 * count and its page are the inbound messages on no booking, waiting (or dismissed), newest sent
 * first: a partial index of each (outgoing mail, filed mail and the other kind of Inbox mail are
 * not in it) in (organization_id, direction, dismissed, sent_at, id), so the count reads only what
 * waits and a page walks the index in order with no sort. direction and dismissed are the same in
 * every row of it; named as columns, the query's equalities on them make SQLite's planner (which
 * has no statistics to see the partial index is small) prefer it to a booking index for
 * `booking_id is null`, while PostgreSQL still sees the order as (sent_at, id). A booking's Conversation pages by (sent_at, created_at,
 * id) within the booking. The queries (src/crm/messages/inbox.reads.ts, message.reads.ts) state
 * each condition in the same words, so SQLite's and PostgreSQL's planners both use them.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('messages_inbox_idx')
    .on('messages')
    .columns(['organization_id', 'direction', 'dismissed', 'sent_at', 'id'])
    .where(sql<boolean>`booking_id is null and direction = 'in' and dismissed = 0`)
    .execute();
  await db.schema
    .createIndex('messages_dismissed_idx')
    .on('messages')
    .columns(['organization_id', 'direction', 'dismissed', 'sent_at', 'id'])
    .where(sql<boolean>`booking_id is null and direction = 'in' and dismissed = 1`)
    .execute();
  await db.schema
    .createIndex('messages_conversation_idx')
    .on('messages')
    .columns(['organization_id', 'booking_id', 'sent_at', 'created_at', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('messages_conversation_idx').execute();
  await db.schema.dropIndex('messages_dismissed_idx').execute();
  await db.schema.dropIndex('messages_inbox_idx').execute();
}
