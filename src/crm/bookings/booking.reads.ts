/** What the pages read of bookings: a filtered list, an account's or contact's, a week's, the next one. */
import { keysetPage, type KeysetPage } from '../data/keyset-page.js';
import type { CursorCodec } from '../data/cursor.js';
import type { Filter } from '../data/list-shape.js';
import type { Db } from '../../db/database.js';
import { bookingDefinition } from './booking.resource.js';
import type { Booking, BookingStatus } from './booking.table.js';
import { type Booking as BookingValue, bookingCodec } from './booking.value.js';

export const PAGE_SIZE = 25;

export interface BookingFilters {
  status?: BookingStatus | undefined;
  q?: string | undefined;
  /** UTC instants bounding start_at: from ≤ start_at < to. */
  from?: string | undefined;
  to?: string | undefined;
  accountId?: string | undefined;
  after?: string | undefined;
  before?: string | undefined;
  /** Bookings a page holds (PAGE_SIZE when not given). */
  size?: number | undefined;
  /** Filters on the venue's own fields, as the API's parser reads them (SPEC §19). */
  custom?: readonly Filter[] | undefined;
}

/** A page of the organization's bookings by start, filtered. */
export function bookingsPage(
  db: Db,
  cursors: CursorCodec,
  organizationId: string,
  f: BookingFilters,
): Promise<KeysetPage<Booking>> {
  const filters: Array<Filter<keyof Booking & string>> = [];
  if (f.status) filters.push({ column: 'status', operator: 'eq', value: f.status });
  if (f.from) filters.push({ column: 'start_at', operator: 'gteq', value: f.from });
  if (f.to) filters.push({ column: 'start_at', operator: 'lt', value: f.to });
  if (f.accountId) filters.push({ column: 'account_id', operator: 'eq', value: f.accountId });
  filters.push(...((f.custom ?? []) as Array<Filter<keyof Booking & string>>));
  return keysetPage(db, cursors, bookingDefinition, organizationId, {
    filters,
    search: f.q,
    sort: { column: 'start_at', descending: false },
    after: f.after,
    before: f.before,
    size: f.size ?? PAGE_SIZE,
  });
}

/** The latest bookings of an account or naming a contact, newest first. */
export async function bookingsOf(
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

/** The organization's bookings that are not lost, by start. */
function bookingsByStart(db: Db, organizationId: string) {
  return db
    .selectFrom('bookings')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('status', '<>', 'lost')
    .orderBy('start_at')
    .orderBy('id');
}

/** The first booking (not lost) starting at or after `at`, for an empty week to point to. */
export async function nextBookingAfter(
  db: Db,
  organizationId: string,
  at: string,
): Promise<Booking | undefined> {
  return bookingsByStart(db, organizationId).where('start_at', '>=', at).limit(1).executeTakeFirst();
}

/** Each booking's currency, by id, of one organization (an export's events price in theirs). */
export async function bookingCurrencies(db: Db, organizationId: string): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom('bookings')
    .select(['id', 'currency'])
    .where('organization_id', '=', organizationId)
    .execute();
  return new Map(rows.map((b) => [b.id, b.currency]));
}

/** The organization's booking as its value (its totals and balance decoded), or undefined. */
export async function findBookingValue(
  db: Db,
  organizationId: string,
  id: string,
): Promise<BookingValue | undefined> {
  const row = await db
    .selectFrom('bookings')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row && bookingCodec.decode(row);
}

/** The organization's booking with this id or reference (BK-00001, whatever its case), if any. */
export function bookingByIdOrReference(
  db: Db,
  organizationId: string,
  idOrReference: string,
): Promise<Booking | undefined> {
  return db
    .selectFrom('bookings')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where((eb) => eb.or([eb('id', '=', idOrReference), eb('reference', '=', idOrReference.toUpperCase())]))
    .executeTakeFirst();
}
