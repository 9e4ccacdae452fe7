/**
 * Drafts of replies to a client (SPEC §17): an assistant may draft one (`draft_reply`), never send
 * it; a member reads it on the booking's Conversation and sends it, or throws it away.
 */
import type { Kysely } from 'kysely';
import { timestampType } from '../column-types.js';
import { addOrganizationScope } from './change-notify-triggers.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  const time = timestampType(db);
  await db.schema
    .createTable('message_drafts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) =>
      c.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('booking_id', 'text', (c) => c.notNull().references('bookings.id').onDelete('cascade'))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('author_id', 'text')
    .addColumn('door', 'text', (c) => c.notNull())
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('updated_at', time, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('message_drafts_booking_idx')
    .on('message_drafts')
    .columns(['organization_id', 'booking_id', 'created_at'])
    .execute();
  await addOrganizationScope(db, 'message_drafts');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('message_drafts').execute();
}
