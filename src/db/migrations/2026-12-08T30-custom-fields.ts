/**
 * A venue's own fields (SPEC §19, docs/decisions/0020-custom-fields.md): `custom_fields` holds
 * their definitions (a key unique per record type in an organization), and bookings, events,
 * accounts and contacts keep their values in a JSON object of their own, `custom_fields`, keyed
 * by the fields' keys. A select or number field is given an expression index on its value when it
 * is defined (src/crm/custom-fields/custom-field-indexes.ts).
 */
import { type Kysely, sql } from 'kysely';
import { timestampType } from '../column-types.js';
import { addOrganizationScope } from './change-notify-triggers.js';

const RECORDS = ['bookings', 'events', 'accounts', 'contacts'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  const ts = timestampType(db);
  await db.schema
    .createTable('custom_fields')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) =>
      c.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('record_type', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('field_type', 'text', (c) => c.notNull())
    .addColumn('options', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('required', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('help_text', 'text')
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('on_inquiry_form', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('archived', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .addUniqueConstraint('custom_fields_org_type_key', ['organization_id', 'record_type', 'key'])
    .execute();
  for (const column of ['created_at', 'updated_at', 'position', 'key']) {
    await db.schema
      .createIndex(`custom_fields_org_${column}_idx`)
      .on('custom_fields')
      .columns(['organization_id', column, 'id', 'updated_at'])
      .execute();
  }
  await addOrganizationScope(db, 'custom_fields');
  for (const table of RECORDS) {
    await db.schema
      .alterTable(table)
      .addColumn('custom_fields', 'text', (c) => c.notNull().defaultTo(sql`'{}'`))
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of RECORDS) await db.schema.alterTable(table).dropColumn('custom_fields').execute();
  await db.schema.dropTable('custom_fields').execute();
}
