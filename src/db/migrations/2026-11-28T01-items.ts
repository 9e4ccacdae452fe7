/**
 * The venue's catalogue (SPEC §12): items with a category, a unit, a price in minor units, whether
 * the service charge applies, whether it is offered, and the tax rates it carries (a JSON array of
 * ids, as events keep their spaces). Sorted and versioned like the other resources; its writes
 * move the organization's change clock.
 */
import type { Kysely } from 'kysely';
import { timestampType } from '../column-types.js';
import { addOrganizationScope } from './change-notify-triggers.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  const ts = timestampType(db);
  await db.schema
    .createTable('items')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) =>
      c.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('unit', 'text', (c) => c.notNull())
    .addColumn('unit_price', 'bigint', (c) => c.notNull())
    .addColumn('service_charge', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('tax_rate_ids', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .execute();
  for (const column of ['name', 'created_at', 'updated_at']) {
    await db.schema
      .createIndex(`items_org_${column}_idx`)
      .on('items')
      .columns(['organization_id', column, 'id', 'updated_at'])
      .execute();
  }
  await addOrganizationScope(db, 'items');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('items').execute();
}
