/**
 * Booking writes of one organization happen one at a time: each transaction that writes bookings
 * (or what they hold: accounts, contacts, spaces) first updates the organization's row in
 * booking_references. On PostgreSQL that takes the row's lock until commit; on SQLite the first
 * write takes the database's write lock. The checks that follow (no double booking, references,
 * dependents) therefore see every earlier write and no later one: no read-then-write race.
 */
import type { Trx } from '../../db/database.js';

/** Takes the organization's booking lock; with `allocate`, also the next booking number. */
export async function lockBookings(trx: Trx, organizationId: string, allocate = false): Promise<number> {
  const row = await trx
    .insertInto('booking_references')
    .values({ organization_id: organizationId, last_number: allocate ? 1 : 0 })
    .onConflict((oc) =>
      oc.column('organization_id').doUpdateSet((eb) => ({
        last_number: allocate
          ? eb('booking_references.last_number', '+', 1)
          : eb.ref('booking_references.last_number'),
      })),
    )
    .returning('last_number')
    .executeTakeFirstOrThrow();
  return row.last_number;
}

/** The human-readable reference of a booking number: BK-00001, …, BK-99999, BK-100000. */
export function bookingReference(number: number): string {
  return `BK-${String(number).padStart(5, '0')}`;
}
