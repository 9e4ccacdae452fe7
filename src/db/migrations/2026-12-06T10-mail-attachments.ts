/**
 * Files an outgoing e-mail carries (SPEC §13, round 5: an invoice goes to its client with its PDF
 * attached). Each is kept beside its message, as the bytes sent, in the unit of work that queued
 * it: a message retried later, or sent again by an admin, carries the same file. They go with
 * their message (pruned or its organization deleted). Read by the mail sender alone, so they tell
 * no cache (src/db/silent-tables.ts).
 */
import type { Kysely } from 'kysely';
import { isSqlite, timestampType } from '../column-types.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('outgoing_mail_attachments')
    .addColumn('mail_id', 'text', (c) => c.notNull().references('outgoing_mail.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('organization_id', 'text', (c) =>
      c.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('filename', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('bytes', isSqlite(db) ? 'blob' : 'bytea', (c) => c.notNull())
    .addColumn('created_at', timestampType(db), (c) => c.notNull())
    .addPrimaryKeyConstraint('outgoing_mail_attachments_pk', ['mail_id', 'position'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('outgoing_mail_attachments').execute();
}
