/**
 * Documents (SPEC §13): proposals, BEOs and invoices of a booking, each version a row with what it
 * showed when it was made (its model, a snapshot of plain data) beside it. PDFs are kept as bytes
 * once a document leaves the venue or binds it (sent, signed, issued): the exact bytes, forever.
 * Signatures, the client's share links (by the SHA-256 of their token alone), each
 * organization's invoice counter, its document templates, venue address and logos.
 *
 * Only `documents` is a resource a cache reads (list pages); the other tables are read by their
 * own pages and the portal alone, so they tell no cache (src/db/silent-tables.ts).
 */
import type { ColumnDataType, ColumnDefinitionBuilder, Kysely } from 'kysely';
import { isSqlite, timestampType } from '../column-types.js';
import { addOrganizationScope } from './change-notify-triggers.js';

const bytesType = (db: Kysely<unknown>): ColumnDataType => (isSqlite(db) ? 'blob' : 'bytea');

export async function up(db: Kysely<unknown>): Promise<void> {
  const ts = timestampType(db);
  const organization = (c: ColumnDefinitionBuilder) =>
    c.notNull().references('organizations.id').onDelete('cascade');
  await db.schema
    .createTable('documents')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', organization)
    .addColumn('booking_id', 'text', (c) => c.notNull().references('bookings.id').onDelete('cascade'))
    .addColumn('event_id', 'text', (c) => c.references('events.id').onDelete('set null'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('number', 'text')
    .addColumn('show_prices', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sha256', 'text')
    .addColumn('sent_at', ts)
    .addColumn('signed_at', ts)
    .addColumn('issued_at', ts)
    .addColumn('voided_at', ts)
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .execute();
  for (const column of ['created_at', 'updated_at', 'version']) {
    await db.schema
      .createIndex(`documents_org_${column}_idx`)
      .on('documents')
      .columns(['organization_id', column, 'id', 'updated_at'])
      .execute();
  }
  await db.schema
    .createIndex('documents_booking_kind_version_idx')
    .unique()
    .on('documents')
    .columns(['booking_id', 'kind', 'version'])
    .execute();
  // An invoice number is given once in its organization, whatever becomes of the invoice.
  await db.schema
    .createIndex('documents_org_number_idx')
    .unique()
    .on('documents')
    .columns(['organization_id', 'number'])
    .execute();
  await addOrganizationScope(db, 'documents');

  await db.schema
    .createTable('document_snapshots')
    .addColumn('document_id', 'text', (c) => c.primaryKey().references('documents.id').onDelete('cascade'))
    .addColumn('organization_id', 'text', organization)
    .addColumn('model', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('document_files')
    .addColumn('document_id', 'text', (c) => c.notNull().references('documents.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('organization_id', 'text', organization)
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('bytes', bytesType(db), (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull())
    .addPrimaryKeyConstraint('document_files_pk', ['document_id', 'role'])
    .execute();

  await db.schema
    .createTable('document_signatures')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', organization)
    .addColumn('document_id', 'text', (c) => c.notNull().references('documents.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('signed_at', ts, (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('user_agent', 'text', (c) => c.notNull())
    .addColumn('seen_sha256', 'text', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('document_signatures_document_idx')
    .unique()
    .on('document_signatures')
    .column('document_id')
    .execute();

  await db.schema
    .createTable('document_links')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', organization)
    .addColumn('document_id', 'text', (c) => c.notNull().references('documents.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('expires_at', ts, (c) => c.notNull())
    .addColumn('revoked_at', ts)
    .addColumn('last_used_at', ts)
    .execute();
  await db.schema
    .createIndex('document_links_document_idx')
    .on('document_links')
    .column('document_id')
    .execute();

  await db.schema
    .createTable('invoice_numbers')
    .addColumn('organization_id', 'text', (c) =>
      c.primaryKey().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('last_number', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('document_settings')
    .addColumn('organization_id', 'text', (c) =>
      c.primaryKey().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('venue_address', 'text', (c) => c.notNull())
    .addColumn('logo_sha256', 'text')
    .addColumn('updated_at', ts, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('document_templates')
    .addColumn('organization_id', 'text', organization)
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('header', 'text', (c) => c.notNull())
    .addColumn('footer', 'text', (c) => c.notNull())
    .addColumn('terms', 'text', (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .addPrimaryKeyConstraint('document_templates_pk', ['organization_id', 'kind'])
    .execute();

  // Logos by content: a document made with a logo keeps showing it after the venue changes logo.
  await db.schema
    .createTable('document_logos')
    .addColumn('organization_id', 'text', organization)
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('media_type', 'text', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('bytes', bytesType(db), (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull())
    .addPrimaryKeyConstraint('document_logos_pk', ['organization_id', 'sha256'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'document_logos',
    'document_templates',
    'document_settings',
    'invoice_numbers',
    'document_links',
    'document_signatures',
    'document_files',
    'document_snapshots',
    'documents',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
