/**
 * An organization's pricing settings (SPEC §12): its service charge as a percentage (a decimal
 * string, "0" for none), whether taxes are charged on it, and which item categories count as food
 * and beverage (a JSON list; food and beverage to begin with).
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('organizations')
    .addColumn('service_charge_percentage', 'text', (c) => c.notNull().defaultTo('0'))
    .execute();
  await db.schema
    .alterTable('organizations')
    .addColumn('service_charge_taxable', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('organizations')
    .addColumn('fnb_categories', 'text', (c) => c.notNull().defaultTo('["food","beverage"]'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['fnb_categories', 'service_charge_taxable', 'service_charge_percentage']) {
    await db.schema.alterTable('organizations').dropColumn(column).execute();
  }
}
