/** The workspace's reads of bookings: the filtered list, an account's or contact's, a week's, a clash. */
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Booking, BookingStatus } from '../../crm/bookings/booking.table.js';
import { type KeysetPage, keysetPage } from './keyset-page.js';

export interface BookingFilters {
  status?: BookingStatus | undefined;
  q?: string | undefined;
  /** UTC instants bounding start_at: from ≤ start_at < to. */
  from?: string | undefined;
  to?: string | undefined;
  accountId?: string | undefined;
  after?: string | undefined;
  before?: string | undefined;
}

export const PAGE_SIZE = 25;

export function listBookings(
  db: Db,
  organizationId: string,
  f: BookingFilters,
): Promise<KeysetPage<Booking>> {
  const conditions = [];
  if (f.status) conditions.push(sql`status = ${f.status}`);
  if (f.from) conditions.push(sql`start_at >= ${f.from}`);
  if (f.to) conditions.push(sql`start_at < ${f.to}`);
  if (f.accountId) conditions.push(sql`account_id = ${f.accountId}`);
  return keysetPage<Booking>(db, {
    table: 'bookings',
    organizationId,
    conditions,
    search: f.q,
    order: ['start_at'],
    after: f.after,
    before: f.before,
    size: PAGE_SIZE,
  });
}

export async function countRows(
  db: Db,
  table: 'bookings' | 'accounts' | 'contacts' | 'spaces',
  organizationId: string,
) {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('organization_id', '=', organizationId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The latest bookings of an account or naming a contact, newest first. */
export async function bookingsWhere(
  db: Db,
  organizationId: string,
  column: 'account_id' | 'contact_id',
  id: string,
): Promise<Booking[]> {
  return db
    .selectFrom('bookings')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where(column, '=', id)
    .orderBy('start_at', 'desc')
    .orderBy('id', 'desc')
    .limit(100)
    .execute();
}

/** Bookings that hold a room at some time in [startAt, endAt): every status but lost. */
export async function bookingsBetween(
  db: Db,
  organizationId: string,
  startAt: string,
  endAt: string,
): Promise<Booking[]> {
  return db
    .selectFrom('bookings')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('status', '<>', 'lost')
    .where('start_at', '<', endAt)
    .where('end_at', '>', startAt)
    .orderBy('start_at')
    .orderBy('id')
    .limit(2000)
    .execute();
}

/** The first booking (not lost) starting at or after `at`, for an empty week to point to. */
export async function nextBookingAfter(
  db: Db,
  organizationId: string,
  at: string,
): Promise<Booking | undefined> {
  return db
    .selectFrom('bookings')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('status', '<>', 'lost')
    .where('start_at', '>=', at)
    .orderBy('start_at')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
}

export interface ClashView {
  id: string;
  reference: string;
  name: string;
  spaceName: string;
  startAt: string;
  endAt: string;
  timezone: string;
}

/** The definite booking that holds one of the spaces at an overlapping time (what space_conflict refused). */
export async function clashWith(
  db: Db,
  organizationId: string,
  booking: { spaceIds: readonly string[]; startAt: string; endAt: string; exceptId?: string | undefined },
): Promise<ClashView | undefined> {
  if (booking.spaceIds.length === 0) return undefined;
  let query = db
    .selectFrom('bookings as b')
    .innerJoin('booking_spaces as bs', 'bs.booking_id', 'b.id')
    .innerJoin('spaces as s', 's.id', 'bs.space_id')
    .select(['b.id', 'b.reference', 'b.name', 's.name as space_name', 'b.start_at', 'b.end_at', 'b.timezone'])
    .where('b.organization_id', '=', organizationId)
    .where('b.status', '=', 'definite')
    .where('bs.space_id', 'in', [...booking.spaceIds])
    .where('b.start_at', '<', booking.endAt)
    .where('b.end_at', '>', booking.startAt);
  if (booking.exceptId) query = query.where('b.id', '<>', booking.exceptId);
  const row = await query.orderBy('b.start_at').limit(1).executeTakeFirst();
  return (
    row && {
      id: row.id,
      reference: row.reference,
      name: row.name,
      spaceName: row.space_name,
      startAt: row.start_at,
      endAt: row.end_at,
      timezone: row.timezone,
    }
  );
}
