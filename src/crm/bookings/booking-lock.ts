/**
 * Booking writes of one organization happen one at a time: each transaction that writes bookings
 * (or what they hold: accounts, contacts, spaces) first updates the organization's row in
 * booking_references. On PostgreSQL that takes the row's lock until commit; on SQLite the first
 * write takes the database's write lock. The checks that follow (no double booking, references,
 * dependents) therefore see every earlier write and no later one: no read-then-write race.
 */
import { sql } from 'kysely';
import type { Trx } from '../../db/database.js';

/**
 * Takes the organization's booking lock; with `allocate`, also the next booking number. The first
 * time, the counter starts after the highest reference the organization's bookings already have.
 */
export async function lockBookings(trx: Trx, organizationId: string, allocate = false): Promise<number> {
  const step = allocate ? 1 : 0;
  const bumped = await trx
    .updateTable('booking_references')
    .set((eb) => ({ last_number: eb('last_number', '+', step) }))
    .where('organization_id', '=', organizationId)
    .returning('last_number')
    .executeTakeFirst();
  if (bumped) return bumped.last_number;
  // The organization's first booking write: an insert, which a concurrent first write waits for.
  const highest = highestReference(organizationId);
  const row = await trx
    .insertInto('booking_references')
    .values({ organization_id: organizationId, last_number: sql<number>`${highest} + ${step}` })
    .onConflict((oc) =>
      oc
        .column('organization_id')
        .doUpdateSet((eb) => ({ last_number: eb('booking_references.last_number', '+', step) })),
    )
    .returning('last_number')
    .executeTakeFirstOrThrow();
  return row.last_number;
}

/** The highest number among the organization's references (a scan: used when the counter is new or behind). */
function highestReference(organizationId: string) {
  return sql<number>`(select coalesce(max(cast(substr(reference, 4) as integer)), 0)
    from bookings where organization_id = ${organizationId} and reference like 'BK-%')`;
}

/**
 * The next booking number, under the organization's booking lock. Should bookings have been
 * written around the counter (an old import, a restored backup), a number already taken is
 * skipped: the counter moves past the highest reference there is.
 */
export async function nextBookingNumber(trx: Trx, organizationId: string): Promise<number> {
  const number = await lockBookings(trx, organizationId, true);
  const taken = await trx
    .selectFrom('bookings')
    .select('id')
    .where('organization_id', '=', organizationId)
    .where('reference', '=', bookingReference(number))
    .executeTakeFirst();
  if (!taken) return number;
  const row = await trx
    .updateTable('booking_references')
    .set({ last_number: sql<number>`${highestReference(organizationId)} + 1` })
    .where('organization_id', '=', organizationId)
    .returning('last_number')
    .executeTakeFirstOrThrow();
  return row.last_number;
}

/** The human-readable reference of a booking number: BK-00001, …, BK-99999, BK-100000. */
export function bookingReference(number: number): string {
  return `BK-${String(number).padStart(5, '0')}`;
}
