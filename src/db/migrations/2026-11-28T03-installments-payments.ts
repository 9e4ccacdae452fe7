/**
 * A booking's payment schedule and its payments (SPEC §12). Installments keep their terms and,
 * beside them, what those resolve to (amount due, due day, paid, state), kept up to date by the
 * writes that change them and by the schedule's clock. A payment's reference is unique in its
 * organization, so a payment integration can sync without duplicates.
 */
import type { Kysely } from 'kysely';
import { timestampType } from '../column-types.js';
import { addOrganizationScope } from './change-notify-triggers.js';

async function sortIndexes(db: Kysely<unknown>, table: string, columns: readonly string[]) {
  for (const column of columns) {
    await db.schema
      .createIndex(`${table}_org_${column}_idx`)
      .on(table)
      .columns(['organization_id', column, 'id', 'updated_at'])
      .execute();
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const ts = timestampType(db);
  const owned = (table: string) =>
    db.schema
      .createTable(table)
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('organization_id', 'text', (c) =>
        c.notNull().references('organizations.id').onDelete('cascade'),
      )
      .addColumn('booking_id', 'text', (c) => c.notNull().references('bookings.id').onDelete('cascade'));
  await owned('installments')
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint')
    .addColumn('percentage', 'text')
    .addColumn('remainder', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('due_date', 'text')
    .addColumn('due_days_before', 'integer')
    .addColumn('due_on_signing', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('amount_due', 'bigint', (c) => c.notNull())
    .addColumn('due_on', 'text')
    .addColumn('paid_amount', 'bigint', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .execute();
  await sortIndexes(db, 'installments', ['position', 'due_on', 'created_at', 'updated_at']);
  await db.schema
    .createIndex('installments_booking_idx')
    .on('installments')
    .columns(['booking_id', 'position'])
    .execute();
  // The schedule's clock finds the installments whose day has come.
  await db.schema
    .createIndex('installments_state_idx')
    .on('installments')
    .columns(['state', 'due_on'])
    .execute();
  await addOrganizationScope(db, 'installments');

  await owned('payments')
    .addColumn('installment_id', 'text', (c) => c.references('installments.id').onDelete('set null'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('received_at', ts, (c) => c.notNull())
    .addColumn('reference', 'text')
    .addColumn('note', 'text')
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .execute();
  await sortIndexes(db, 'payments', ['received_at', 'created_at', 'updated_at']);
  await db.schema.createIndex('payments_booking_idx').on('payments').columns(['booking_id']).execute();
  await db.schema
    .createIndex('payments_org_reference_idx')
    .unique()
    .on('payments')
    .columns(['organization_id', 'reference'])
    .execute();
  await addOrganizationScope(db, 'payments');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('payments').execute();
  await db.schema.dropTable('installments').execute();
}
