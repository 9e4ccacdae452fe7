/** Bookings' rows and the spaces they hold (booking_spaces, the index of which booking holds which space). */
import type { Insertable } from 'kysely';
import type { Trx } from '../../db/database.js';
import { insertInChunks } from '../../db/insert-in-chunks.js';
import { noteMade } from '../made-in-transaction.js';
import type { BookingTable } from './booking.table.js';

export async function insertBookings(trx: Trx, rows: readonly Insertable<BookingTable>[]): Promise<void> {
  await insertInChunks(trx, 'bookings', rows);
}

export async function insertBooking(trx: Trx, row: Insertable<BookingTable>): Promise<void> {
  await trx.insertInto('bookings').values(row).execute();
  noteMade(trx, 'bookings', row.organization_id, row.id);
}

/** Makes booking_spaces say exactly which spaces the booking holds. */
export async function replaceBookingSpaces(
  trx: Trx,
  bookingId: string,
  spaceIds: readonly string[],
): Promise<void> {
  await trx.deleteFrom('booking_spaces').where('booking_id', '=', bookingId).execute();
  await insertBookingSpaces(trx, bookingId, spaceIds);
}

/** The spaces a booking just inserted holds (it has no rows in booking_spaces yet: none to delete). */
export async function insertBookingSpaces(
  trx: Trx,
  bookingId: string,
  spaceIds: readonly string[],
): Promise<void> {
  if (spaceIds.length > 0) {
    await trx
      .insertInto('booking_spaces')
      .values(spaceIds.map((spaceId) => ({ booking_id: bookingId, space_id: spaceId })))
      .execute();
  }
}
