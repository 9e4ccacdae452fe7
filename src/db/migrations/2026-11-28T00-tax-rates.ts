/**
 * An organization's tax rates (SPEC §12): a name, a percentage (a decimal string), whether prices
 * already contain it (EU VAT), and whether it is offered for new lines. Pages by each sortable
 * column read each row's version from the index alone, as the other resources' do; its writes
 * tell the organization's change clock (caches of every process see them).
 */
import type { Kysely } from 'kysely';
import { timestampType } from '../column-types.js';
import { addOrganizationScope } from './change-notify-triggers.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  const ts = timestampType(db);
  await db.schema
    .createTable('tax_rates')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) =>
      c.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('percentage', 'text', (c) => c.notNull())
    .addColumn('inclusive', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .execute();
  for (const column of ['name', 'created_at', 'updated_at']) {
    await db.schema
      .createIndex(`tax_rates_org_${column}_idx`)
      .on('tax_rates')
      .columns(['organization_id', column, 'id', 'updated_at'])
      .execute();
  }
  // Its writes move the organization's change clock, so no process serves a cached read of it.
  await addOrganizationScope(db, 'tax_rates');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('tax_rates').execute();
}
