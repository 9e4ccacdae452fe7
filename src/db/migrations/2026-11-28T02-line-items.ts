/**
 * A booking's prices (SPEC §12): its line items, each a copy of what it was priced from (an item's
 * name, price and flags, the tax rates as they were, the organization's service charge then),
 * with its figures computed once when written; and on each booking the sums of its lines, its
 * F&B minimum, and what has been paid of it. Deleting a booking or an event takes its lines along.
 */
import type { Kysely } from 'kysely';
import { timestampType } from '../column-types.js';
import { addOrganizationScope } from './change-notify-triggers.js';

const BOOKING_SUMS = [
  'subtotal',
  'service_charge_total',
  'tax_total',
  'grand_total',
  'paid_total',
  'fnb_minimum',
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  const ts = timestampType(db);
  await db.schema
    .createTable('line_items')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) =>
      c.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('booking_id', 'text', (c) => c.notNull().references('bookings.id').onDelete('cascade'))
    .addColumn('event_id', 'text', (c) => c.references('events.id').onDelete('cascade'))
    .addColumn('item_id', 'text')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('unit', 'text', (c) => c.notNull())
    .addColumn('quantity', 'text', (c) => c.notNull())
    .addColumn('quantity_from_guests', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('unit_price', 'bigint', (c) => c.notNull())
    .addColumn('service_charge', 'integer', (c) => c.notNull())
    .addColumn('service_charge_percentage', 'text', (c) => c.notNull())
    .addColumn('service_charge_taxable', 'integer', (c) => c.notNull())
    .addColumn('taxes', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('service_charge_amount', 'bigint', (c) => c.notNull())
    .addColumn('tax_amount', 'bigint', (c) => c.notNull())
    .addColumn('total', 'bigint', (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .execute();
  for (const column of ['position', 'created_at', 'updated_at']) {
    await db.schema
      .createIndex(`line_items_org_${column}_idx`)
      .on('line_items')
      .columns(['organization_id', column, 'id', 'updated_at'])
      .execute();
  }
  await db.schema
    .createIndex('line_items_booking_idx')
    .on('line_items')
    .columns(['booking_id', 'position'])
    .execute();
  await db.schema.createIndex('line_items_event_idx').on('line_items').columns(['event_id']).execute();
  await addOrganizationScope(db, 'line_items');

  for (const column of BOOKING_SUMS) {
    await db.schema
      .alterTable('bookings')
      .addColumn(column, 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();
  }
  await db.schema
    .alterTable('bookings')
    .addColumn('category_totals', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
  await db.schema
    .alterTable('bookings')
    .addColumn('line_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('line_items').execute();
  for (const column of [...BOOKING_SUMS, 'category_totals', 'line_count']) {
    await db.schema.alterTable('bookings').dropColumn(column).execute();
  }
}
