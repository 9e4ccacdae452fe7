/**
 * Outgoing e-mail (SPEC §13): each message a row, sent from here by the mail sender with retries
 * (or kept for admins to read when no SMTP server is configured). Listed newest first per
 * organization; the sender leases the due ones by `next_attempt_at`. No cache reads it.
 */
import type { Kysely } from 'kysely';
import { timestampType } from '../column-types.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  const ts = timestampType(db);
  await db.schema
    .createTable('outgoing_mail')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) =>
      c.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('to_name', 'text')
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text_body', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', ts)
    .addColumn('lease_expires_at', ts)
    .addColumn('last_attempt_at', ts)
    .addColumn('last_error', 'text')
    .addColumn('sent_at', ts)
    .addColumn('message_id', 'text')
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('outgoing_mail_org_created_idx')
    .on('outgoing_mail')
    .columns(['organization_id', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('outgoing_mail_due_idx')
    .on('outgoing_mail')
    .columns(['status', 'next_attempt_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('outgoing_mail').execute();
}
