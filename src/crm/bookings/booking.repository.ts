import type { Insertable } from 'kysely';
import type { Trx } from '../../db/database.js';
import { insertInChunks } from '../../db/insert-in-chunks.js';
import type { BookingTable } from './booking.table.js';

export async function insertBookings(trx: Trx, rows: readonly Insertable<BookingTable>[]): Promise<void> {
  await insertInChunks(trx, 'bookings', rows);
}
