/**
 * Notes (SPEC §5): attached to exactly one booking, account or contact of the same organization,
 * written by a user. Idempotency keys remember the first response to a POST for a day. Extra
 * indexes keep every sortable column's cursor paging index-backed.
 */
import type { Kysely } from 'kysely';
import { timestampType } from '../column-types.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  const ts = timestampType(db);

  await db.schema
    .createTable('notes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) =>
      c.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('notable_type', 'text', (c) => c.notNull())
    .addColumn('notable_id', 'text', (c) => c.notNull())
    .addColumn('author_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .execute();
  for (const column of ['created_at', 'updated_at']) {
    await db.schema
      .createIndex(`notes_org_${column}_idx`)
      .on('notes')
      .columns(['organization_id', column, 'id'])
      .execute();
  }
  await db.schema
    .createIndex('notes_org_notable_idx')
    .on('notes')
    .columns(['organization_id', 'notable_type', 'notable_id', 'created_at', 'id'])
    .execute();

  await db.schema
    .createTable('idempotency_keys')
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('response', 'text', (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['scope', 'key'])
    .execute();
  await db.schema
    .createIndex('idempotency_keys_created_idx')
    .on('idempotency_keys')
    .column('created_at')
    .execute();

  for (const [table, column] of [
    ['bookings', 'name'],
    ['bookings', 'reference'],
    ['accounts', 'name'],
    ['contacts', 'last_name'],
    ['contacts', 'first_name'],
  ] as const) {
    await db.schema
      .createIndex(`${table}_org_${column}_idx`)
      .on(table)
      .columns(['organization_id', column, 'id'])
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('idempotency_keys').execute();
  await db.schema.dropTable('notes').execute();
  for (const name of [
    'bookings_org_name_idx',
    'bookings_org_reference_idx',
    'accounts_org_name_idx',
    'contacts_org_last_name_idx',
    'contacts_org_first_name_idx',
  ]) {
    await db.schema.dropIndex(name).execute();
  }
}
