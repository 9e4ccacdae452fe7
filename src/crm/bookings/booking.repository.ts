/** Bookings' rows, the spaces they hold, and the double-booking check. */
import type { Insertable } from 'kysely';
import type { Db, Trx } from '../../db/database.js';
import { insertInChunks } from '../../db/insert-in-chunks.js';
import type { BookingTable } from './booking.table.js';

export async function insertBookings(trx: Trx, rows: readonly Insertable<BookingTable>[]): Promise<void> {
  await insertInChunks(trx, 'bookings', rows);
}

export async function insertBooking(trx: Trx, row: Insertable<BookingTable>): Promise<void> {
  await trx.insertInto('bookings').values(row).execute();
}

/** Makes booking_spaces say exactly which spaces the booking holds. */
export async function replaceBookingSpaces(
  trx: Trx,
  bookingId: string,
  spaceIds: readonly string[],
): Promise<void> {
  await trx.deleteFrom('booking_spaces').where('booking_id', '=', bookingId).execute();
  if (spaceIds.length > 0) {
    await trx
      .insertInto('booking_spaces')
      .values(spaceIds.map((spaceId) => ({ booking_id: bookingId, space_id: spaceId })))
      .execute();
  }
}

export interface Clash {
  reference: string;
  spaceName: string;
  startAt: string;
  endAt: string;
}

/** A stretch of time in some spaces, which a definite booking may not share with another. */
export interface SpaceHold {
  organizationId: string;
  spaceIds: readonly string[];
  startAt: string;
  endAt: string;
  /** The booking being changed, which does not clash with itself. */
  exceptId?: string;
}

/**
 * The query of findClash: definite bookings of the organization, other than `exceptId`, holding
 * one of the spaces at a time overlapping [startAt, endAt) (half-open: one ending as the other
 * starts does not clash), the one ending first first. Ordered by end_at, it is read through
 * (organization_id, status, end_at) from the new booking's start on, i.e. mostly bookings still
 * to come, never the venue's whole past.
 */
export function clashQuery(trx: Db | Trx, hold: SpaceHold) {
  let query = trx
    .selectFrom('bookings as b')
    .innerJoin('booking_spaces as bs', 'bs.booking_id', 'b.id')
    .innerJoin('spaces as s', 's.id', 'bs.space_id')
    .select(['b.reference', 's.name', 'b.start_at', 'b.end_at'])
    .where('b.organization_id', '=', hold.organizationId)
    .where('b.status', '=', 'definite')
    .where('bs.space_id', 'in', [...hold.spaceIds])
    .where('b.start_at', '<', hold.endAt)
    .where('b.end_at', '>', hold.startAt);
  if (hold.exceptId) query = query.where('b.id', '<>', hold.exceptId);
  return query.orderBy('b.end_at').limit(1);
}

/** A definite booking that the hold would double-book, if any. */
export async function findClash(trx: Db | Trx, hold: SpaceHold): Promise<Clash | undefined> {
  if (hold.spaceIds.length === 0) return undefined;
  const row = await clashQuery(trx, hold).executeTakeFirst();
  return row && { reference: row.reference, spaceName: row.name, startAt: row.start_at, endAt: row.end_at };
}

/** The smallest capacity among the spaces (spaces without one do not limit). */
export async function smallestCapacity(
  trx: Db | Trx,
  spaceIds: readonly string[],
): Promise<number | undefined> {
  if (spaceIds.length === 0) return undefined;
  const rows = await trx
    .selectFrom('spaces')
    .select('capacity')
    .where('id', 'in', [...spaceIds])
    .where('capacity', 'is not', null)
    .execute();
  const capacities = rows.map((r) => Number(r.capacity));
  return capacities.length > 0 ? Math.min(...capacities) : undefined;
}
