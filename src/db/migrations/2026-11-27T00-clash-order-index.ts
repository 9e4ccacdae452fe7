/**
 * The double-booking check names the clashing booking that ends first, then the one with the
 * lowest id, wherever it runs (src/crm/bookings/booking-clash.ts). With the id in the index the
 * database reads the organization's definite bookings in exactly that order from the new
 * booking's start on and stops at the first that clashes, sorting nothing.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('bookings_org_status_end_id_idx')
    .on('bookings')
    .columns(['organization_id', 'status', 'end_at', 'id'])
    .execute();
  await db.schema.dropIndex('bookings_org_status_end_idx').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('bookings_org_status_end_idx')
    .on('bookings')
    .columns(['organization_id', 'status', 'end_at'])
    .execute();
  await db.schema.dropIndex('bookings_org_status_end_id_idx').execute();
}
