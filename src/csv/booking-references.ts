/**
 * References for imported bookings (SPEC §7: `BK-00001`, … per organization, unique, never
 * reused): the next numbers after both the organization's counter and the highest reference it
 * has, taken as one block under the booking lock, and the counter moved past them.
 */
import { sql } from 'kysely';
import { bookingReference, lockBookings } from '../crm/bookings/booking-lock.js';
import type { Booking } from '../crm/bookings/booking.table.js';
import type { Trx } from '../db/database.js';

export async function assignReferences(trx: Trx, organizationId: string, bookings: Booking[]): Promise<void> {
  const counter = await lockBookings(trx, organizationId);
  const { rows } = await sql<{ highest: number | string | null }>`select
      max(cast(substr(reference, 4) as integer)) as highest
    from bookings where organization_id = ${organizationId} and reference like 'BK-%'`.execute(trx);
  const start = Math.max(counter, Number(rows[0]?.highest ?? 0));
  bookings.forEach((booking, i) => {
    booking.reference = bookingReference(start + i + 1);
  });
  await trx
    .updateTable('booking_references')
    .set({ last_number: start + bookings.length })
    .where('organization_id', '=', organizationId)
    .execute();
}
