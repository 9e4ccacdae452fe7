/**
 * The conversation with the client (SPEC §17): the venue's mailbox (one per organization, its
 * password sealed with a secret of this installation), where each of its folders was read up to,
 * and the messages filed on bookings or waiting in the Inbox, once per Message-ID, with their
 * attachments' bytes.
 */
import type { ColumnDataType, Kysely } from 'kysely';
import { isSqlite, timestampType } from '../column-types.js';
import { addOrganizationScope } from './change-notify-triggers.js';

const bytesType = (db: Kysely<unknown>): ColumnDataType => (isSqlite(db) ? 'blob' : 'bytea');

export async function up(db: Kysely<unknown>): Promise<void> {
  const time = timestampType(db);
  await db.schema
    .createTable('mailboxes')
    .addColumn('organization_id', 'text', (c) =>
      c.primaryKey().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('host', 'text', (c) => c.notNull())
    .addColumn('port', 'integer', (c) => c.notNull())
    .addColumn('tls', 'text', (c) => c.notNull())
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('password_sealed', 'text', (c) => c.notNull())
    .addColumn('folders', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('plus_addressing', 'integer', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('last_error', 'text')
    .addColumn('refused_logins', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('read_at', time)
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('updated_at', time, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('mailbox_folders')
    .addColumn('organization_id', 'text', (c) =>
      c.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('folder', 'text', (c) => c.notNull())
    .addColumn('uid_validity', 'text', (c) => c.notNull())
    .addColumn('last_uid', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('mailbox_folders_pk', ['organization_id', 'folder'])
    .execute();
  await db.schema
    .createTable('messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) =>
      c.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('booking_id', 'text', (c) => c.references('bookings.id').onDelete('set null'))
    .addColumn('contact_id', 'text', (c) => c.references('contacts.id').onDelete('set null'))
    .addColumn('direction', 'text', (c) => c.notNull())
    .addColumn('from_name', 'text', (c) => c.notNull())
    .addColumn('from_email', 'text', (c) => c.notNull())
    .addColumn('to_list', 'text', (c) => c.notNull())
    .addColumn('cc_list', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('html', 'text')
    .addColumn('sent_at', time, (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('message_id', 'text', (c) => c.notNull())
    .addColumn('in_reply_to', 'text')
    .addColumn('thread_ids', 'text', (c) => c.notNull())
    .addColumn('attachments', 'text', (c) => c.notNull())
    .addColumn('dismissed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('read_at', time)
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('updated_at', time, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('messages_message_id_key')
    .on('messages')
    .columns(['organization_id', 'message_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('messages_booking_idx')
    .on('messages')
    .columns(['organization_id', 'booking_id', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('messages_page_idx')
    .on('messages')
    .columns(['organization_id', 'created_at', 'id'])
    .execute();
  await db.schema
    .createTable('message_attachments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('message_id', 'text', (c) => c.notNull().references('messages.id').onDelete('cascade'))
    .addColumn('organization_id', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('content', bytesType(db), (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('message_attachments_message_idx')
    .on('message_attachments')
    .columns(['message_id', 'position'])
    .execute();
  // Lists of messages are cached like every organization's records; the mailbox tells its
  // organization too. Folder places and attachments' bytes are silent (src/db/silent-tables.ts).
  await addOrganizationScope(db, 'messages');
  await addOrganizationScope(db, 'mailboxes');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('message_attachments').execute();
  await db.schema.dropTable('messages').execute();
  await db.schema.dropTable('mailbox_folders').execute();
  await db.schema.dropTable('mailboxes').execute();
}
